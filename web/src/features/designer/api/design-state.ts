import type { Design } from './types';

/**
 * The design in one canonical form: a corner colour equal to the modules' is no corner colour of its
 * own, and no gradient (null) or square corners (radius 0) are left out, as a design without them is.
 */
export function normalised(design: Design): Design {
  const { cornerColour, gradient, backgroundRadius, ...rest } = design;
  return {
    ...rest,
    ...(cornerColour && cornerColour.toUpperCase() !== design.foreground.toUpperCase() ? { cornerColour } : {}),
    ...(gradient ? { gradient } : {}),
    ...(backgroundRadius ? { backgroundRadius } : {}),
  };
}

/** Whether two designs draw the same symbol (the editor has nothing unsaved). */
export const same = (a: Design, b: Design): boolean => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/**
 * The design as sent to the service. A design sent on PATCH is merged over the stored one, so an
 * option left out would keep the old one: without their own, the corners take the modules' colour,
 * the gradient is none and the background's corners are square.
 */
export const forSaving = (design: Design): Design => ({
  ...design,
  cornerColour: design.cornerColour ?? design.foreground,
  gradient: design.gradient ?? null,
  backgroundRadius: design.backgroundRadius ?? 0,
});
