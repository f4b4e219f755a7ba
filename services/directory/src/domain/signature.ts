// A staff member's email signature (001 §2 edit signature): rich text kept only within an allow-list of
// tags, attributes and URL schemes, so that what is stored can be put into an email or a page as it is.
import sanitizeHtml from 'sanitize-html';

const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'span',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'font',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'h1',
    'h2',
    'h3',
    'h4',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'face', 'size'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i, /^[a-z]{3,20}$/i],
      'font-family': [/^[\w\s,'"-]{1,100}$/],
      'font-size': [/^\d{1,3}(?:px|pt|em|rem|%)$/],
      'font-weight': [/^(?:normal|bold|\d{3})$/],
      'font-style': [/^(?:normal|italic)$/],
      'text-decoration': [/^(?:none|underline|line-through)$/],
      'text-align': [/^(?:left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

/** The signature as stored: only allowed tags, attributes, styles and schemes; scripts and handlers gone. */
export function sanitizeSignature(html: string): string {
  return sanitizeHtml(html, allowList).trim();
}
