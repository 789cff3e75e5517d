import { useSession } from '../../features/auth/api/get-session';
import { Gs1Page } from '../../features/gs1/components/gs1-page';

export const Gs1Route = () => <Gs1Page canWrite={(useSession().data?.scopes ?? []).includes('gs1:write')} />;
