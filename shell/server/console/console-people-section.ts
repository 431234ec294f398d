import { consolePeopleSchema, consoleRoleChangeInput, consoleRoleChangeSchema } from '@reelkeep/shared-contracts/console';
import { html } from './console-html.ts';
import { renderRoleOptions } from './console-pages.ts';
import { admitWithInput, readAnswer, type ConsoleRequest, type ConsoleRouteHandler } from './console-request.ts';
import { renderPlainTable } from './console-table.ts';

/** An owner grants a role or takes it away (`role:grant`), never from the last owner; the change is in the audit log. */
async function changeRole(request: ConsoleRequest): Promise<boolean> {
  const admitted = await admitWithInput(request, { resource: 'role', action: 'grant' }, consoleRoleChangeInput);
  if (!admitted) return true;
  const { actor, input } = admitted;
  const answer = await request.fetchApi('/api/account/internal/console-role', {
    method: 'POST',
    headers: request.forwarded({ 'content-type': 'application/json' }),
    body: JSON.stringify({ email: input.email, role: input.role ?? '' }),
  });
  if (answer.status === 404) return request.redirect('/console/people?problem=no_account');
  if (answer.status === 409) return request.redirect('/console/people?problem=last_owner');
  const change = answer.ok ? await readAnswer(answer, consoleRoleChangeSchema) : null;
  if (!change) return request.problemPage(503, 'unavailable', actor);
  await request.audit(actor, change.after ? 'role.grant' : 'role.revoke', change.email, { role: change.before }, { role: change.after });
  return request.redirect('/console/people?done=role');
}

/** Who holds which role (`role:read`), from the account squad's internal routes, and the owners' form to change it. */
async function showPeople(request: ConsoleRequest): Promise<boolean> {
  const { t } = request;
  const actor = await request.admit({ resource: 'role', action: 'read' });
  if (!actor) return true;
  const answer = await request.fetchApi('/api/account/internal/console-people', { headers: request.forwarded() });
  const people = answer.ok ? await readAnswer(answer, consolePeopleSchema) : null;
  if (!people) return request.problemPage(503, 'unavailable', actor);
  const rows = people.people.map(
    (person) =>
      html`<tr>
        <td>${person.email}</td>
        <td>${t(`roles.${person.role}`)}</td>
        <td>${t(person.twoFactorEnabled ? 'people.enrolled' : 'people.notEnrolled')}</td>
      </tr>`,
  );
  const headings = ['people.email', 'people.role', 'people.twoFactor'].map((key) => t(key));
  return request.page(
    200,
    t('sections.people'),
    html`<section>${renderPlainTable(t('sections.people'), headings, rows)}</section>
      <section>
        <h2>${t('people.changeHeading')}</h2>
        <form method="post" action="/console/people/role" class="row">
          <div><label for="email">${t('people.email')}</label><input id="email" name="email" type="email" required maxlength="320" /></div>
          <div>
            <label for="role">${t('people.role')}</label
            ><select id="role" name="role">
              ${renderRoleOptions(t)}
            </select>
          </div>
          <button type="submit">${t('people.apply')}</button>
        </form>
      </section>`,
    actor,
    'people',
  );
}

/** People and roles (docs/console.md "Sections"): `/console/people` and its form's action `/console/people/role`. */
export const handlePeople: ConsoleRouteHandler = async (request) => {
  if (request.path === '/console/people') return showPeople(request);
  if (request.path === '/console/people/role' && request.form) return changeRole(request);
  return false;
};
