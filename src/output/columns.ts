/**
 * The width tradectl lays text out at: the terminal's (stdout's, else stderr's), else COLUMNS,
 * else 80. One rule for every run (io.ts) and for the root help answered without the CLI
 * (src/root-help.ts).
 */
export function screenColumns(
  stdout: { columns?: number },
  stderr: { columns?: number },
  env: NodeJS.ProcessEnv,
): number {
  const envColumns = Number(env.COLUMNS);
  return (
    stdout.columns ??
    stderr.columns ??
    (Number.isInteger(envColumns) && envColumns > 0 ? envColumns : 80)
  );
}
