import type { Design, DesignInput } from '../designs/design.schema.js';

/** A saved design. Applying it to a code copies `design`; the code never refers back to it. */
export interface Template {
  id: string;
  accountId: string;
  name: string;
  design: Design;
  createdAt: number;
  updatedAt: number;
}

export interface CreateTemplateInput {
  name: string;
  /** Completed from the default design, then checked like a code's design. */
  design: DesignInput;
  /** Saves a design whose symbol fails the scannability check. */
  acceptUnscannable?: boolean;
}

export interface UpdateTemplateInput {
  name?: string;
  /** Fields to change; the others keep the template's values. */
  design?: DesignInput;
  /** Saves a design whose symbol fails the scannability check. */
  acceptUnscannable?: boolean;
}

export const TEMPLATE_NAME_MAX = 100;
