import sanitizeHtml from 'sanitize-html';

/** The box a table scrolls in (markdown.ts), the only `div` cooked HTML holds: a region a keyboard can reach. */
export const TABLE_SCROLL = { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Table' };

/** Every link a text holds: not endorsed (`nofollow`), written by members (`ugc`), and given no `window.opener`. */
export const LINK_REL = 'nofollow ugc noopener';

/**
 * An image's address on this site: one `/` then a path (`//host` and `/\host` are other sites to a browser).
 * markdown-it has percent-encoded the address already; whitespace is refused anyway.
 */
const isLocalImage = (src: string) => /^\/(?![/\\])[^\s]*$/.test(src);

/**
 * What cooked HTML may hold, as an allow-list over what markdown-it writes (`html: false`, so a member's own tags are
 * text before this runs): no script, no event attribute, no `style`, no `id` (nothing to clobber the page's globals
 * with), links of http(s), mailto or this site only, images of this site only (another site's becomes a link), and
 * the task list's checkbox always disabled.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    pre: ['tabindex'],
    div: ['tabindex', 'role', 'aria-label'],
    input: ['type', 'checked', 'disabled', 'aria-label'],
  },
  allowedClasses: {
    a: ['mention'],
    ul: ['contains-task-list'],
    ol: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
    th: ['align-left', 'align-center', 'align-right'],
    td: ['align-left', 'align-center', 'align-right'],
    code: ['language-*'],
    div: ['table-scroll'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      if (isLocalImage(src)) return { tagName, attribs };
      // Another site's image would tell it who reads the page: a link to it instead, named by its alt text.
      return { tagName: 'a', attribs: { href: src, rel: LINK_REL }, text: attribs.alt || src };
    },
    // Only the box a table scrolls in is a div (markdown.ts): its attributes are fixed, whatever came in.
    div: (tagName) => ({ tagName, attribs: TABLE_SCROLL }),
    // A code block scrolls sideways rather than wrapping its lines: a keyboard must reach it too (as GitHub's do).
    pre: (tagName) => ({ tagName, attribs: { tabindex: '0' } }),
    input: (tagName, attribs) => ({
      tagName,
      attribs: {
        type: 'checkbox',
        class: 'task-list-item-checkbox',
        disabled: '',
        // A form control needs a name (axe's label rule); the item's own words follow it.
        ...(attribs.checked !== undefined ? { checked: '', 'aria-label': 'Done' } : { 'aria-label': 'Not done' }),
      },
    }),
  },
  // An input that is not the task list's checkbox never reaches here (`html: false`); refuse any other kind anyway.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** HTML from markdown-it, reduced to the allow-list. */
export const sanitized = (html: string): string => sanitizeHtml(html, options);
