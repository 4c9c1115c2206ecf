import ts from 'typescript';

/** Attributes whose text a user sees or hears. */
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label']);

/**
 * Words that stay as they are in every language (docs/hindi-glossary.md): coin and network names,
 * pairs, codes. A literal made only of these, digits and signs needs no catalog.
 */
export const UNTRANSLATED_TERMS = [
  'BTC',
  'ETH',
  'USDT',
  'INR',
  'TRX',
  'BNB',
  'SOL',
  'XRP',
  'KYC',
  'UTR',
  'PAN',
  'IFSC',
  'UPI',
  'TDS',
  'OTP',
  'API',
  'CSV',
  'PDF',
  'JSON',
  'TRC20',
  'ERC20',
  'BEP20',
  'Exchange',
];

const allowed = (text: string) => {
  let rest = text;
  for (const term of UNTRANSLATED_TERMS) rest = rest.split(term).join('');
  return !/\p{L}/u.test(rest);
};

/** The literal texts a `.tsx` file shows: JSX text and the shown attributes' string values. */
export function literalTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text && !allowed(text)) found.push(text);
    } else if (
      ts.isJsxAttribute(node) &&
      SHOWN_ATTRIBUTES.has(node.name.getText(file)) &&
      node.initializer
    ) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : null;
      if (value && !allowed(value)) found.push(value);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent)
    ) {
      if (!allowed(node.expression.text)) found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
