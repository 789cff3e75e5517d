// The user agents of the redirect benchmarks. A phone's browser is counted: every redirect is journaled
// and written as an event. A link-preview robot is redirected and counted as excluded, never written.
export const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const ROBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
