import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/**
 * The one way server code turns markup into an HTML string: a JSX tree (usually a `<Layout>`)
 * rendered by preact-render-to-string, which escapes every interpolated text and attribute value.
 * Pages that never change are rendered once at module load and the string reused.
 */
export function renderDocument(node: VNode): string {
  return `<!doctype html>${render(node)}`;
}
