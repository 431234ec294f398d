import { checkField, CONTACT_LIMITS, CONTACT_TOPICS, type ContactDraft, type ContactTopic } from '@reelkeep/shared-contracts';

/** A field's problem, as the form shows it: empty, or failing its rule. */
export type FieldProblem = 'empty' | 'invalid';

/** The contact form's fields, trimmed (as `contactInput` reads them). */
export interface ContactFields {
  name: string;
  email: string;
  topic: string;
  message: string;
}

/**
 * docs/forms.md "Contact form": a name of 1 to 100 characters, an e-mail address (at most 254), a topic of the
 * list, and a message of 20 to 5,000 characters. A field over its limit is `invalid`.
 */
export function validateContact(fields: ContactFields): Partial<Record<keyof ContactFields, FieldProblem>> {
  const problems: Partial<Record<keyof ContactFields, FieldProblem>> = {};
  if (!fields.name) problems.name = 'empty';
  else if (fields.name.length > CONTACT_LIMITS.name) problems.name = 'invalid';
  const email = checkField('email', fields.email);
  if (email !== 'valid') problems.email = email;
  if (!isContactTopic(fields.topic)) problems.topic = 'empty';
  const message = checkField('message', fields.message);
  if (message !== 'valid') problems.message = message;
  else if (fields.message.length > CONTACT_LIMITS.message) problems.message = 'invalid';
  return problems;
}

function isContactTopic(topic: string): topic is ContactTopic {
  return (CONTACT_TOPICS as readonly string[]).includes(topic);
}

// Half of a character outside the Basic Multilingual Plane (an emoji) with its other half missing.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Cuts text to at most `max` UTF-16 units without leaving half of a character behind (jsonb refuses one). */
export function cutText(value: string, max: number): string {
  const cut = value.length > max ? value.slice(0, max) : value;
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).replace(LONE_SURROGATE, '\ufffd');
}

/**
 * docs/forms.md "Drafts": what a draft keeps of a refused form: each field cut to its limit (the problems
 * already say it was too long) and the topic only when it is one of the list.
 */
export function toDraftFields(fields: ContactFields): ContactDraft['fields'] {
  return {
    name: cutText(fields.name, CONTACT_LIMITS.name),
    email: cutText(fields.email, CONTACT_LIMITS.email),
    topic: isContactTopic(fields.topic) ? fields.topic : '',
    message: cutText(fields.message, CONTACT_LIMITS.message),
  };
}
