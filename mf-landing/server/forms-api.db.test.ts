import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { HostContext } from '@reelkeep/platform/host-context';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import type { LandingSettings } from './settings.ts';
import { listTestDatabases, makeRouteCaller, openFreshDatabase } from './testing/route-caller.ts';
import { DRAFT_LIMITS } from './contact-drafts.ts';
import { createFormRoutes } from './forms-api.ts';

/** A form a visitor without JavaScript sends: short message, no captcha answer (so it is refused). */
const REFUSED_FORM = { name: 'Ana', email: 'ana@example.com', topic: 'billing', message: 'too short', locale: 'fr' };

const draftIdOf = (location: string | null) => /\?draft=([0-9a-f-]{36})#contact-form$/.exec(location ?? '')?.[1];

describe.each(listTestDatabases())('landing forms on %s', (_kind, open) => {
  let db: Database;
  let closeDatabase: () => Promise<void>;
  let context: HostContext<LandingSettings>;
  let call: ReturnType<typeof makeRouteCaller>;

  beforeAll(async () => {
    ({ db, close: closeDatabase } = await openFreshDatabase(open));
    context = createTestHostContext(db, { module: api });
    call = makeRouteCaller(api.routes, context);
  });
  afterAll(() => closeDatabase());
  beforeEach(async () => {
    await db.query('DELETE FROM landing.contact_drafts');
  });

  const countDrafts = async (where = 'true') =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM landing.contact_drafts WHERE ${where}`))[0]!.n;

  describe('contact drafts (docs/forms.md "Drafts")', () => {
    it('brings a refused form back filled, from a draft in the database', async () => {
      const answer = await call('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.1' });
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/fr\/contact\?draft=[0-9a-f-]{36}#contact-form$/);
      const draft = await call('GET', `/api/landing/contact/draft?id=${draftIdOf(answer.location)}`);
      expect(draft).toMatchObject({
        status: 200,
        body: {
          cscode: 200,
          data: {
            fields: { name: 'Ana', email: 'ana@example.com', topic: 'billing', message: 'too short' },
            problems: { message: 'invalid', captcha: 'invalid' },
          },
        },
      });
      const [row] = await db.query<{ client_key: string }>('SELECT client_key FROM landing.contact_drafts');
      expect(row!.client_key).not.toContain('198.51.100.1');
    });

    it('keeps at most three drafts per visitor through 20 refused posts, rate-limited ones included', async () => {
      const routes = createFormRoutes();
      const post = makeRouteCaller(routes, context);
      const locations: string[] = [];
      // Four times the contact limit: most posts are rate limited, and each one still keeps its draft in place of the oldest.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await post('POST', '/api/landing/contact', {
          form: { ...REFUSED_FORM, message: `attempt ${attempt} ${'x'.repeat(4000)}` },
          ip: '198.51.100.2',
        });
        expect(answer.status).toBe(303);
        locations.push(answer.location!);
      }
      expect(await countDrafts()).toBe(DRAFT_LIMITS.perVisitor);
      // The last post was rate limited, and still comes back filled: its draft is one of the three kept.
      const last = await post('GET', `/api/landing/contact/draft?id=${draftIdOf(locations.at(-1)!)}`);
      expect(last.body).toMatchObject({ data: { fields: { message: expect.stringMatching(/^attempt 19 /) }, problems: { form: 'rate_limited' } } });
      expect((await post('GET', `/api/landing/contact/draft?id=${draftIdOf(locations[0]!)}`)).status).toBe(404);
      // Another visitor is not pushed out by the first.
      await post('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.3' });
      expect(await countDrafts()).toBe(DRAFT_LIMITS.perVisitor + 1);
    });

    it('shares drafts between two instances on one database', async () => {
      const first = makeRouteCaller(createFormRoutes(), context);
      const second = makeRouteCaller(createFormRoutes(), context);
      const answer = await first('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.4' });
      const read = await second('GET', `/api/landing/contact/draft?id=${draftIdOf(answer.location)}`);
      expect(read).toMatchObject({ status: 200, body: { data: { fields: { name: 'Ana' } } } });
      // The per-visitor cap holds across instances too.
      for (const post of [second, first, second]) await post('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.4' });
      expect(await countDrafts()).toBe(DRAFT_LIMITS.perVisitor);
    });

    it('forgets expired drafts: unreadable at once, deleted at the next write', async () => {
      const answer = await call('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.5' });
      await db.query(`UPDATE landing.contact_drafts SET expires_at = now() - interval '1 second'`);
      expect((await call('GET', `/api/landing/contact/draft?id=${draftIdOf(answer.location)}`)).status).toBe(404);
      expect(await countDrafts()).toBe(1);
      await call('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.6' });
      expect(await countDrafts()).toBe(1);
      expect(await countDrafts(`expires_at > now() + interval '9 minutes'`)).toBe(1);
    });

    it('keeps only what fits the limits: an over-long field is cut for the draft and flagged', async () => {
      const form = { ...REFUSED_FORM, name: `  ${'N'.repeat(150)}  `, message: `${'m'.repeat(5100)}\r\nend` };
      const answer = await call('POST', '/api/landing/contact', { form, ip: '198.51.100.7' });
      const draft = (await call('GET', `/api/landing/contact/draft?id=${draftIdOf(answer.location)}`)).body as {
        data: { fields: Record<string, string>; problems: Record<string, string> };
      };
      expect(draft.data.fields.name).toBe('N'.repeat(100));
      expect(draft.data.fields.message).toHaveLength(5000);
      expect(draft.data.problems).toMatchObject({ name: 'invalid', message: 'invalid' });
    });

    it('beyond the total cap keeps no new draft: the problems and topic come back in the query, never the text', async () => {
      const post = makeRouteCaller(createFormRoutes({ draftLimits: { ...DRAFT_LIMITS, total: 2 } }), context);
      await post('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.8' });
      await post('POST', '/api/landing/contact', { form: REFUSED_FORM, ip: '198.51.100.9' });
      const full = await post('POST', '/api/landing/contact', {
        form: { ...REFUSED_FORM, name: '', message: 'a private message' },
        ip: '198.51.100.10',
      });
      expect(full.status).toBe(303);
      expect(full.location).toBe(
        '/fr/contact?problem_name=empty&problem_message=invalid&problem_captcha=invalid&problem_form=not_kept&topic=billing#contact-form',
      );
      expect(await countDrafts()).toBe(2);
    });

    it('keeps no draft for a script: it still has the fields', async () => {
      const answer = await call('POST', '/api/landing/contact', { json: { ...REFUSED_FORM, altcha: 'bm9wZQ' } });
      expect(answer).toMatchObject({ status: 400, body: { cscode: 400, problems: { message: 'invalid', captcha: 'invalid' } } });
      expect(await countDrafts()).toBe(0);
    });

    it('sends an accepted form (the sum captcha of a browser without JavaScript)', async () => {
      const sum = context.captcha.createArithmetic();
      const form = {
        ...REFUSED_FORM,
        message: 'Je voudrais la facture de ma commande, merci.',
        captcha_token: sum.question.token,
        captcha_answer: sum.answer,
      };
      const answer = await call('POST', '/api/landing/contact', { form, ip: '198.51.100.11' });
      expect(answer).toMatchObject({ status: 303, location: '/fr/contact?sent=1#contact-form' });
      expect(await db.query('SELECT name, topic, locale FROM landing.contact_messages WHERE name = $1', ['Ana'])).toEqual([
        { name: 'Ana', topic: 'billing', locale: 'fr' },
      ]);
      // The mail goes to the site's contact address (context.site.CONTACT_EMAIL).
      expect(await db.query(`SELECT DISTINCT recipient FROM platform.mail_outbox WHERE subject = '[Contact · billing] Ana'`)).toEqual([
        { recipient: context.site.CONTACT_EMAIL },
      ]);
    });
  });

  describe('input at the edge (docs/security.md "Input"): 400 or 415 with problems, never 5xx', () => {
    it.each([
      ['a NUL byte', { json: { ...REFUSED_FORM, name: 'A\u0000na' } }, 400, { name: 'invalid' }],
      [
        'a control character in the message',
        { json: { ...REFUSED_FORM, message: 'hello\u001b[31m there, twenty chars' } },
        400,
        { message: 'invalid' },
      ],
      ['an object for a field', { json: { ...REFUSED_FORM, email: { $ne: '' } } }, 400, { email: 'invalid' }],
      ['malformed JSON', { raw: '{"name": "Ana",', type: 'application/json' }, 400, { form: 'invalid' }],
      ['a JSON array', { raw: '[1, 2]', type: 'application/json' }, 400, { form: 'invalid' }],
      ['XML', { raw: '<name>Ana</name>', type: 'application/xml' }, 415, { form: 'invalid' }],
    ])('contact: %s', async (_case, options, status, problems) => {
      expect(await call('POST', '/api/landing/contact', options)).toMatchObject({ status, body: { cscode: status, problems } });
    });

    it('contact: a form post it cannot read goes back to the form with its problems, and nothing is kept', async () => {
      const answer = await call('POST', '/api/landing/contact', { form: { ...REFUSED_FORM, name: 'A\u0000na' } });
      expect(answer).toMatchObject({ status: 303, location: '/contact?problem_name=invalid&problem_form=invalid#contact-form' });
      // A form of the text/plain kind is a form too: back to the page rather than a bare 415.
      expect(await call('POST', '/api/landing/contact', { raw: 'name=Ana', type: 'text/plain' })).toMatchObject({
        status: 303,
        location: '/contact?problem_form=invalid#contact-form',
      });
      expect(await countDrafts()).toBe(0);
    });

    it.each(['', 'abc', '12345678-1234-1234-1234-1234567890ab%00', '../../etc'])('draft: id %j is 400', async (id) => {
      expect(await call('GET', `/api/landing/contact/draft?id=${id}`)).toMatchObject({
        status: 400,
        body: { cscode: 400, problems: { id: expect.any(String) } },
      });
    });

    it('draft: an unknown id is 404', async () => {
      expect((await call('GET', '/api/landing/contact/draft?id=3f2b8c1e-5d4a-4e7b-9c1d-2a3b4c5d6e7f')).status).toBe(404);
    });

    it.each([
      ['no reason', { json: { comment: 'x' } }, 400, { reason: 'empty' }],
      ['an unknown reason', { json: { reason: 'bored' } }, 400, { reason: 'invalid' }],
      ['a NUL in the comment', { json: { reason: 'other', comment: 'a\u0000b' } }, 400, { comment: 'invalid' }],
      ['a bad product', { json: { reason: 'other', product: '../x' } }, 400, { product: 'invalid' }],
      ['malformed JSON', { raw: '{', type: 'application/json' }, 400, { form: 'invalid' }],
      ['XML', { raw: '<reason/>', type: 'application/xml' }, 415, { form: 'invalid' }],
    ])('uninstall feedback: %s', async (_case, options, status, problems) => {
      expect(await call('POST', '/api/landing/uninstall-feedback', options)).toMatchObject({ status, body: { cscode: status, problems } });
    });

    it('uninstall feedback: stores a reason with its comment cut to 1,000 characters; a form goes back to the page', async () => {
      const answer = await call('POST', '/api/landing/uninstall-feedback', {
        form: { reason: 'too_expensive', comment: 'c'.repeat(1200), product: 'reelkeep-netflix', locale: 'de' },
      });
      expect(answer).toMatchObject({ status: 303, location: '/de/uninstallation?feedback=sent#feedback' });
      const [row] = await db.query<{ comment: string; product_slug: string }>(
        `SELECT comment, product_slug FROM landing.uninstall_feedback WHERE reason = 'too_expensive'`,
      );
      expect(row).toEqual({ comment: 'c'.repeat(1000), product_slug: 'reelkeep-netflix' });
      expect(await call('POST', '/api/landing/uninstall-feedback', { form: { reason: '', locale: 'de' } })).toMatchObject({
        status: 303,
        location: '/de/uninstallation?feedback=invalid#feedback',
      });
    });
  });
});
