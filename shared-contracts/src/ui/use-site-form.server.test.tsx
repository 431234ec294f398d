import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { useSiteForm } from './use-site-form.ts';

function NameForm() {
  const { state, pending, onSubmit } = useSiteForm(async (previous: string) => previous, 'idle');
  return (
    <form method="post" action="/api/account/example" onSubmit={onSubmit}>
      <input name="name" defaultValue="Ana" />
      <button type="submit" disabled={pending}>
        Send
      </button>
      <p role="status">{state}</p>
    </form>
  );
}

describe('useSiteForm on the server', () => {
  it('leaves the form a real post to its endpoint, so it works before and without the page’s script', () => {
    const html = renderToString(<NameForm />);
    expect(html).toContain('<form action="/api/account/example" method="post">');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<p role="status">idle</p>');
  });
});
