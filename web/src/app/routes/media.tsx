import { useSession } from '../../features/auth/api/get-session';
import { MediaPage } from '../../features/media/components/media-page';

export const MediaRoute = () => <MediaPage canWrite={(useSession().data?.permissions ?? []).includes('content:write')} />;
