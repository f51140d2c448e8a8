/**
 * Evaluates a v3 menu `showIf` expression (via-protocol.md §6.3): `{key}` is byte 0 of a value, `{key.N}`
 * byte N; decimal literals; `== != < <= > >= && || !` and parentheses. Unknown values read as 0; a malformed
 * expression shows the item (better a visible control than a silently missing one).
 */
export function evaluateShowIf(
  expression: string,
  value: (key: string, byte: number) => number | undefined,
): boolean {
  const tokens = expression.match(/\{[^}]+\}|\d+|&&|\|\||==|!=|<=|>=|[<>!()]/g) ?? [];
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];

  const primary = (): number => {
    const token = next();
    if (token === undefined) throw new Error('unexpected end');
    if (token === '(') {
      const v = or();
      if (next() !== ')') throw new Error('missing )');
      return v;
    }
    if (token === '!') return primary() ? 0 : 1;
    if (/^\d+$/.test(token)) return Number(token);
    const m = /^\{([^}.]+)(?:\.(\d+))?\}$/.exec(token);
    if (m) return value(m[1]!.trim(), Number(m[2] ?? 0)) ?? 0;
    throw new Error(`unexpected ${token}`);
  };
  const comparison = (): number => {
    let left = primary();
    for (;;) {
      const op = peek();
      if (op !== '==' && op !== '!=' && op !== '<' && op !== '<=' && op !== '>' && op !== '>=') return left;
      next();
      const right = primary();
      left = Number(
        op === '=='
          ? left === right
          : op === '!='
            ? left !== right
            : op === '<'
              ? left < right
              : op === '<='
                ? left <= right
                : op === '>'
                  ? left > right
                  : left >= right,
      );
    }
  };
  const and = (): number => {
    let left = comparison();
    while (peek() === '&&') {
      next();
      const right = comparison();
      left = Number(!!left && !!right);
    }
    return left;
  };
  const or = (): number => {
    let left = and();
    while (peek() === '||') {
      next();
      const right = and();
      left = Number(!!left || !!right);
    }
    return left;
  };
  try {
    const result = or();
    return pos === tokens.length ? !!result : true;
  } catch {
    return true;
  }
}
