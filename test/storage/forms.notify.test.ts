import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SYSTEM, type Person } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const FIELDS = [{ key: 'message', label: 'Message', type: 'textarea' as const, required: true }];

describeEach(STORES)('e-mail notification of form submissions ($name)', (store) => {
  let h: Harness;
  let owner: Person;
  let accountId: string;
  let ownerEmail: string;

  beforeAll(async () => {
    h = await createHarness(store);
    const tenant = await h.factory.tenant();
    owner = ownerOf(tenant);
    accountId = tenant.account.id;
    ownerEmail = tenant.owner.email;
  });
  afterAll(() => h.close());

  const mailsAbout = async (formId: string) =>
    (await h.services.platform.mail.list({ limit: 1000 })).filter((m) => m.kind === 'form_submission' && m.text.includes(formId));

  it('queues one mail per chosen active person, with a link to the inbox and never the answers', async () => {
    const editor = await h.factory.user(accountId, 'editor');
    const suspended = await h.factory.user(accountId, 'member');
    const form = await h.services.content.forms.create(owner, {
      name: 'Bookings',
      fields: FIELDS,
      notifyUserIds: [owner.userId, editor.id, suspended.id],
    });
    await h.services.identity.users.update(owner, suspended.id, { status: 'suspended' });
    await h.services.content.submissions.store(SYSTEM, form, 'submission', { message: 'a secret only the inbox may show' });
    const mails = await mailsAbout(form.id);
    expect(mails.map((m) => m.to).sort()).toEqual([editor.email, ownerEmail].sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ accountId, status: 'queued', subject: 'New submission to "Bookings"' });
      expect(mail.text).toContain(`${h.config.publicUrl}/app/forms/${form.id}/submissions`);
      expect(mail.text).not.toContain('a secret');
    }
  });

  it('sends nothing for a form naming nobody, nor for a card enquiry', async () => {
    const form = await h.services.content.forms.create(owner, { name: 'Quiet', fields: FIELDS });
    expect(form.document.notifyUserIds).toEqual([]);
    await h.services.content.submissions.store(SYSTEM, form, 'submission', { message: 'hello' });
    expect(await mailsAbout(form.id)).toEqual([]);
  });

  it('refuses a person of another account or an unknown id, beside the field', async () => {
    const stranger = await h.factory.tenant();
    const made = h.services.content.forms.create(owner, { name: 'Nope', fields: FIELDS, notifyUserIds: [stranger.owner.id] });
    await expect(made).rejects.toMatchObject({ code: 'invalid_request', field: 'notifyUserIds' });
    const form = await h.services.content.forms.create(owner, { name: 'Later', fields: FIELDS });
    const changed = h.services.content.forms.update(owner, form.id, { notifyUserIds: ['not-an-id'] });
    await expect(changed).rejects.toMatchObject({ code: 'invalid_request', field: 'notifyUserIds' });
  });

  it('queues the mail in the submission transaction: no submission, no mail', async () => {
    const form = await h.services.content.forms.create(owner, { name: 'Atomic', fields: FIELDS, notifyUserIds: [owner.userId] });
    const insert = vi.spyOn(h.services.platform.mail, 'enqueue').mockRejectedValueOnce(new Error('outbox refused'));
    await expect(h.services.content.submissions.store(SYSTEM, form, 'submission', { message: 'x' })).rejects.toThrow(
      'outbox refused',
    );
    insert.mockRestore();
    expect(await h.services.content.submissions.list(owner, 'submission', { limit: 50, contentId: form.id })).toEqual([]);
    expect(await mailsAbout(form.id)).toEqual([]);
  });
});
