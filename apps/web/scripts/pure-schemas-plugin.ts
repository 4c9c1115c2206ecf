import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACTS = /packages\/contracts\/src\/.*\.ts$/;

/**
 * Marks the contracts' top-level declarations made by a call (`const x = z.object(…)`,
 * `base.extend(…)`, `amountSchema()`) as pure, so a page that imports a constant or a message
 * from a contracts file leaves that file's unused schemas, and zod with them, out of its chunks.
 * The contracts only build values at their top level (their package says `sideEffects: false`).
 */
export function pureSchemas(): Plugin {
  return {
    name: 'exchange:pure-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACTS.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false);
      const at = new Set<number>();
      // Every call of a declaration's value, the schemas' fields too; not inside functions,
      // which run later.
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node)) return;
        if (ts.isCallExpression(node)) at.add(node.getStart(source));
        ts.forEachChild(node, visit);
      };
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations)
          if (declaration.initializer) visit(declaration.initializer);
      }
      if (at.size === 0) return null;
      let out = code;
      for (const position of [...at].sort((a, b) => b - a))
        out = `${out.slice(0, position)}/* @__PURE__ */ ${out.slice(position)}`;
      return { code: out, map: null };
    },
  };
}
