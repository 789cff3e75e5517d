import { useState } from 'preact/hooks';
import { Page } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { MEDIA_PAGE, useMediaFiles, useMediaFolders, type FolderFilter } from '../api/media';
import { FolderActions, FolderPicker, NewFolder } from './media-folders';
import { MediaList } from './media-list';
import { MediaUpload } from './media-upload';
import { MediaUsage } from './media-usage';
import '../media.css';

/** The media library: usage, folders, upload (for who may) and the files of the folder shown. */
export function MediaPage({ canWrite }: { canWrite: boolean }) {
  const [folder, setFolder] = useState<FolderFilter>('all');
  const [offset, setOffset] = useState(0);
  const folders = useMediaFolders();
  const files = useMediaFiles(folder, offset);
  const list = folders.data ?? [];
  const current = list.find((f) => f.id === folder);
  const show = (next: FolderFilter) => {
    setFolder(next);
    setOffset(0);
  };
  return (
    <Page title="Media">
      <div class="media-top">
        {canWrite ? (
          <Section id="media-upload" title="Upload a file" card>
            <MediaUpload key={folder} folders={list} folderId={current ? current.id : null} />
          </Section>
        ) : null}
        <Section id="media-usage" title="Space" card>
          <MediaUsage />
        </Section>
      </div>
      <Section
        id="media-files"
        title={current ? `Files in ${current.name}` : folder === 'none' ? 'Files in no folder' : 'All files'}
      >
        <FolderPicker folders={list} current={folder} onChange={show} />
        {canWrite ? (
          <div class="media-folder-forms">
            {current ? <FolderActions key={current.id} folder={current} onDeleted={() => show('all')} /> : null}
            <NewFolder onCreated={show} />
          </div>
        ) : null}
        <QueryView
          query={files}
          loading="Loading files…"
          isEmpty={(data) => data.length === 0 && offset === 0}
          empty={{
            title: folder === 'all' ? 'No files yet' : 'No files here',
            text: 'Logos for codes and images for pages and cards live here.',
          }}
        >
          {(data) => (
            <>
              <MediaList files={data} folders={list} canWrite={canWrite} />
              <Pagination offset={offset} limit={MEDIA_PAGE} count={data.length} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
