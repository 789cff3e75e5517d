import { errorId } from '../../html/index.js';

/** The form field the widget fills with its solution (and the key of its message). */
export const CHALLENGE_FIELD = 'altcha';

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': { challenge: string; name: string; auto: string; 'aria-describedby'?: string };
    }
  }
}

/**
 * The proof-of-work check of a form that asks for one: ALTCHA's widget, served by qrelay,
 * fetching its challenge from the form's own address; a note for browsers without JavaScript and the
 * problem of a refused solution beside it, like any field's.
 */
export function ChallengeField(props: { formId: string; script: string; error: string | undefined }) {
  const described = props.error ? { 'aria-describedby': errorId(CHALLENGE_FIELD) } : {};
  return (
    <div class="field challenge" id={CHALLENGE_FIELD}>
      <altcha-widget challenge={`/f/${props.formId}/challenge`} name={CHALLENGE_FIELD} auto="onfocus" {...described} />
      <noscript>
        <p class="note">
          This form needs JavaScript to be sent: your browser solves a small puzzle that keeps automated messages out. Please turn
          JavaScript on, or use another browser.
        </p>
      </noscript>
      {props.error ? (
        <p class="error" id={errorId(CHALLENGE_FIELD)}>
          {props.error}
        </p>
      ) : null}
      <script type="module" src={props.script} />
    </div>
  );
}
