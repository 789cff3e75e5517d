import { CopyButton } from '../../../components/ui/copy-button';
import type { AccountSettings } from '../api/account';

/** The account's own domain for short addresses, with the DNS record that makes it reach this service. */
export function CustomDomain({ domain }: { domain: AccountSettings['domain'] }) {
  return (
    <section class="card stack" aria-labelledby="domain">
      <h2 id="domain">Custom domain</h2>
      {domain ? (
        <>
          <p>
            Short addresses also work on <strong class="host">{domain.host}</strong> once its DNS has this record:
          </p>
          <div class="table-wrap">
            <table class="figures dns-record">
              <caption class="visually-hidden">The DNS record to set</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    <code>{domain.record.type}</code>
                  </td>
                  <td>
                    <code>{domain.record.name}</code>
                  </td>
                  <td>
                    <code>{domain.record.value}</code> <CopyButton value={domain.record.value} label="Copy value" />
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <p class="muted">A certificate for the domain is the operator's part (their proxy or load balancer).</p>
        </>
      ) : (
        <p>No custom domain. The operator of this qrelay can set one for the account; its DNS record then shows here.</p>
      )}
    </section>
  );
}
