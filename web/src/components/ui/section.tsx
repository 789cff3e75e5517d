import type { ComponentChildren } from 'preact';

/** A titled part of a page; `card` sets it on a card (forms), otherwise it stacks its content (lists). */
export function Section({
  id,
  title,
  card = false,
  children,
}: {
  id: string;
  title: string;
  card?: boolean;
  children: ComponentChildren;
}) {
  return (
    <section class={card ? 'card' : 'stack'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
