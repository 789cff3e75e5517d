import { describe, expect, it } from 'vitest';
import { TOOLS } from './index.js';
import { ADD, CHANGE, READ } from '../tool.js';
import { SCOPES } from '../../../platform/index.js';

describe('the MCP tool registry', () => {
  it('names every tool once, in snake case, with a known scope and one of the hint presets', () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z][a-z0-9]*(_[a-z]+)*$/);
      if (tool.scope !== null) expect(SCOPES).toContain(tool.scope);
      expect([READ, ADD, CHANGE]).toContain(tool.annotations);
      expect(tool.annotations === READ, tool.name).toBe(
        /_(list|get|deliveries|analytics|image|preview)$|^whoami$/.test(tool.name),
      );
    }
  });

  it('takes closed argument objects and answers with the REST envelope', () => {
    for (const tool of TOOLS) {
      expect(tool.input.type, tool.name).toBe('object');
      expect(tool.input.additionalProperties, tool.name).toBe(false);
      expect(Object.keys(tool.output.properties)[0], tool.name).toBe('data');
      expect(
        Object.keys(tool.output.properties).filter((k) => k !== 'nextCursor'),
        tool.name,
      ).toEqual(['data']);
    }
  });

  it('needs a write scope for every tool that changes something, except webhooks (SPEC: analytics:read), print runs (they read codes into a file) and jobs (the scope of their work)', () => {
    const readsOnly = (name: string) => name.startsWith('webhooks_') || name.startsWith('jobs_') || name === 'exports_create';
    for (const tool of TOOLS.filter((t) => t.annotations !== READ && !readsOnly(t.name))) {
      expect(tool.scope, tool.name).toMatch(/:write$/);
    }
  });
});
