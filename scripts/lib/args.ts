// The command-line options of the project's scripts: `--name value` pairs and bare flags.
const args = process.argv.slice(2);

/** The value after `--name`, if given. */
export function option(name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Whether the bare flag was given. */
export function flag(name: string): boolean {
  return args.includes(name);
}

/** The arguments that are neither options nor their values (a file to restore). */
export function positionals(valued: readonly string[] = []): string[] {
  return args.filter((arg, index) => !arg.startsWith('--') && !valued.includes(args[index - 1] ?? ''));
}
