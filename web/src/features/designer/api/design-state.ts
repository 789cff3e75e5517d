import type { Design } from './types';

/** A corner colour equal to the modules' is no corner colour of its own: the editor drops it. */
export function normalised(design: Design): Design {
  const { cornerColour, ...rest } = design;
  return cornerColour && cornerColour.toUpperCase() !== design.foreground.toUpperCase() ? { ...rest, cornerColour } : rest;
}

/** Whether two designs draw the same symbol (the editor has nothing unsaved). */
export const same = (a: Design, b: Design): boolean => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/**
 * The design as sent to the service. A design sent on PATCH is merged over the stored one, so a
 * corner colour left out would keep the old one: without its own, the corners take the modules' colour.
 */
export const forSaving = (design: Design): Design => ({ ...design, cornerColour: design.cornerColour ?? design.foreground });
