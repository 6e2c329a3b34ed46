import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { cook } from './cook.ts';
import type { MemberNames } from './mentions.ts';

/** The OWASP filter-evasion vectors, one a line (`\n`, `\t` and `\0` written as escapes). */
const vectors = readFileSync(new URL('./fixtures/xss-vectors.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.replaceAll('\\n', '\n').replaceAll('\\t', '\t').replaceAll('\\0', '\0'));

/** Nobody is named: this is the sanitizer's proof, the mentions have their own tests. */
const nobody: MemberNames = { idByName: async () => undefined, shown: async () => new Map() };

/** Each vector as a whole text and at every place Markdown takes a piece of text or an address. */
const placings = (vector: string) => [
  vector,
  `[a link](${vector})`,
  `[${vector}](https://example.org/)`,
  `![an image](${vector})`,
  `![${vector}](/api/users/1/picture)`,
  `<${vector}>`,
  `\`${vector}\``,
  `\`\`\`\n${vector}\n\`\`\``,
  `> ${vector}`,
  `| a |\n|---|\n| ${vector} |`,
  `- [ ] ${vector}`,
  `[ref]\n\n[ref]: ${vector}`,
];

const ALLOWED_TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 strong em s code pre blockquote ul ol li a img div table thead tbody tr th td input'.split(
    ' ',
  ),
);
/** A script address as a browser reads it: it drops controls and spaces (`java\tscript:` is `javascript:`). */
const isScriptUrl = (url: string) =>
  /^(javascript|vbscript|data|livescript):/i.test([...url].filter((c) => (c.codePointAt(0) ?? 0) > 0x20).join(''));

/** What is wrong with cooked HTML, as the browser would parse it (entities decoded). */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (!ALLOWED_TAGS.has(tag)) problems.push(`<${tag}>`);
        for (const [name, value] of Object.entries(attributes)) {
          if (name.startsWith('on')) problems.push(`${tag} ${name}`);
          if (name === 'style' || name === 'id' || name === 'name') problems.push(`${tag} ${name}`);
          if ((name === 'href' || name === 'src') && isScriptUrl(value)) problems.push(`${tag} ${name}=${value}`);
        }
        if (tag === 'img' && !/^\/(?![/\\])/.test(attributes.src ?? '')) problems.push(`img src=${attributes.src}`);
        if (tag === 'div' && attributes.class !== 'table-scroll') problems.push('div');
        if (tag === 'input' && (attributes.type !== 'checkbox' || !('disabled' in attributes))) problems.push('input');
        if (tag === 'a' && attributes.href !== undefined && attributes.rel !== 'nofollow ugc noopener') {
          problems.push(`a rel=${attributes.rel}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}

describe('the sanitizer against the OWASP XSS filter-evasion vectors', () => {
  it('holds many dozens of them, and the check finds what they would do unsanitized', () => {
    expect(vectors.length).toBeGreaterThan(100);
    expect(problemsIn('<img src=x onerror=alert(1)><a href=" java\tscript:x">x</a><p style="x">')).toEqual([
      'img onerror',
      'img src=x',
      'a href= java\tscript:x',
      'a rel=undefined',
      'p style',
    ]);
  });

  it('lets no script, event attribute, style, script URL or other site’s image through, wherever a vector is put', async () => {
    const found: string[] = [];
    for (const vector of vectors) {
      for (const source of placings(vector)) {
        const { cooked } = await cook(source, nobody);
        for (const problem of problemsIn(cooked)) found.push(`${JSON.stringify(source)} → ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('shows a member’s own tags as text, not as markup', async () => {
    const { cooked, text } = await cook('<script>alert(1)</script> <b onmouseover="x()">hi</b>', nobody);
    expect(cooked).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onmouseover="x()"&gt;hi&lt;/b&gt;</p>');
    expect(text).toBe('<script>alert(1)</script> <b onmouseover="x()">hi</b>');
  });
});
