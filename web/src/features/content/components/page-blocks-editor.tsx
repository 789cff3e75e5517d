import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { ItemControls } from './item-controls';
import type { LandingPage } from '../api/content';
import { BlockFields } from './block-fields';

export type Block = LandingPage['blocks'][number];
type BlockType = Block['type'];

const TYPES: ReadonlyArray<readonly [BlockType, string]> = [
  ['heading', 'Heading'],
  ['text', 'Text'],
  ['image', 'Image'],
  ['button', 'Button'],
  ['links', 'Links'],
  ['video', 'Video'],
  ['hours', 'Opening hours'],
  ['social', 'Social links'],
];
export const BLOCK_LABEL = Object.fromEntries(TYPES) as Record<BlockType, string>;

/** A new block of `type` with a starting content the API accepts (an image waits for its choice). */
function starter(type: BlockType): Block {
  switch (type) {
    case 'heading':
      return { type, text: 'Heading', level: 2 };
    case 'text':
      return { type, text: 'Some text.' };
    case 'image':
      return { type, mediaId: '', alt: '' };
    case 'button':
      return { type, label: 'Open', url: 'https://example.com' };
    case 'links':
      return { type, links: [{ label: 'Our website', url: 'https://example.com' }] };
    case 'video':
      return { type, url: 'https://www.youtube.com/watch?v=' };
    case 'hours':
      return { type, slots: [] };
    case 'social':
      return { type, links: [] };
  }
}

/** The blocks of a landing page in order: add any type, change, move and remove. */
export function PageBlocksEditor({ blocks, onChange }: { blocks: Block[]; onChange: (blocks: Block[]) => void }) {
  const [adding, setAdding] = useState<BlockType>('text');
  return (
    <fieldset class="editor-list">
      <legend>Blocks</legend>
      {blocks.length === 0 ? <p class="muted">No blocks yet: add the first one.</p> : null}
      <ol class="editor-items">
        {blocks.map((block, index) => (
          <li key={`${index}-${block.type}`} class="editor-item">
            <p class="editor-item-title">
              {index + 1}. {BLOCK_LABEL[block.type]}
            </p>
            <BlockFields
              block={block}
              n={index + 1}
              onChange={(next) => onChange(blocks.map((b, i) => (i === index ? next : b)))}
            />
            <ItemControls items={blocks} index={index} noun="block" onChange={onChange} />
          </li>
        ))}
      </ol>
      <div class="add-row">
        <SelectField label="Type of the new block" value={adding} options={TYPES} onChange={setAdding} />
        <Button variant="secondary" onClick={() => onChange([...blocks, starter(adding)])}>
          Add the block
        </Button>
      </div>
    </fieldset>
  );
}
