import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { SelectField } from '../../../components/ui/select-field';
import { Empty, Notice } from '../../../components/ui/states';
import { useMoveMembers, type Campaign, type MemberRef, type MemberType } from '../api/campaigns';
import { MEMBER_TYPE_NAMES, useMemberChoices } from '../api/member-choices';
import { useSetTags, useTagsOf } from '../api/tags';

const TYPES = Object.entries(MEMBER_TYPE_NAMES) as [MemberType, string][];

/** A member's tags as one comma-separated field, saved on its own. */
function MemberTags({ member, name, canWrite }: { member: MemberRef; name: string; canWrite: boolean }) {
  const tags = useTagsOf(member);
  const save = useSetTags();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (tags.data ?? []).join(', ');
  if (!canWrite)
    return (
      <span class="member-tags">
        {(tags.data ?? []).map((t) => (
          <span key={t} class="tag">
            {t}
          </span>
        ))}
      </span>
    );
  return (
    <Form
      inline
      error={null}
      onSubmit={() =>
        save.mutate(
          {
            ...member,
            tags: shown
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          },
          { onSuccess: () => setText(null) },
        )
      }
    >
      <TextField
        label={`Tags of ${name}`}
        value={shown}
        maxLength={1100}
        onInput={setText}
        error={save.error?.message}
        hint="Separated by commas."
      />
      <div class="actions actions-start">
        <Button type="submit" variant="secondary" busy={save.isPending}>
          Save tags<span class="visually-hidden"> of {name}</span>
        </Button>
      </div>
    </Form>
  );
}

function AddMember({ campaign, choices }: { campaign: Campaign; choices: ReturnType<typeof useMemberChoices> }) {
  const [type, setType] = useState<MemberType>('code');
  const [id, setId] = useState('');
  const move = useMoveMembers(campaign.id);
  const inCampaign = new Set(campaign.members.map((m) => `${m.type}:${m.id}`));
  const options = choices.choices
    .filter((c) => c.type === type && !inCampaign.has(`${c.type}:${c.id}`))
    .map((c) => [c.id, c.name] as const);
  return (
    <section class="card" aria-labelledby="add-member">
      <h3 id="add-member">Add a member</h3>
      <Form
        error={move.error ? move.error.message : null}
        onSubmit={() => id && move.mutate({ add: [{ type, id }] }, { onSuccess: () => setId('') })}
      >
        <div class="grid-2">
          <SelectField
            label="Kind"
            value={type}
            options={TYPES}
            onChange={(t) => {
              setType(t);
              setId('');
            }}
          />
          <SelectField
            label={`${MEMBER_TYPE_NAMES[type]} to add`}
            value={id}
            none={options.length === 0 ? `No ${MEMBER_TYPE_NAMES[type].toLowerCase()} left to add` : 'Choose…'}
            options={options}
            onChange={setId}
            disabled={options.length === 0}
          />
        </div>
        <p class="muted">A thing already in another campaign moves to this one.</p>
        <div class="actions actions-start">
          <Button type="submit" busy={move.isPending} disabled={!id}>
            Add to campaign
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A campaign's members of every kind with their tags; add and remove them. */
export function Members({ campaign, canWrite }: { campaign: Campaign; canWrite: boolean }) {
  const choices = useMemberChoices();
  const move = useMoveMembers(campaign.id);
  return (
    <div class="stack">
      {choices.error ? <Notice tone="error">{choices.error.message}</Notice> : null}
      {campaign.members.length === 0 ? (
        <Empty title="No members yet">Add codes, links, forms, pages or cards below.</Empty>
      ) : (
        <ul class="list">
          {campaign.members.map((m) => {
            const name = choices.nameOf(m.type, m.id);
            return (
              <li key={`${m.type}:${m.id}`} class="list-item member">
                <div class="list-main">
                  <span class="list-title">
                    <span class="badge member-type">{MEMBER_TYPE_NAMES[m.type]}</span>{' '}
                    {m.type === 'code' ? <a href={`/app/codes/${m.id}`}>{name}</a> : name}
                  </span>
                  <MemberTags member={m} name={name} canWrite={canWrite} />
                </div>
                {canWrite ? (
                  <div class="list-meta">
                    <Button variant="ghost" busy={move.isPending} onClick={() => move.mutate({ remove: [m] })}>
                      Remove<span class="visually-hidden"> {name} from the campaign</span>
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canWrite ? <AddMember campaign={campaign} choices={choices} /> : null}
    </div>
  );
}
