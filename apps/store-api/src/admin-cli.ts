import { adminUsage, isBackupCommand, runAdminCommand } from "./admin/admin-command.ts";
import { runBackupCommand } from "./backup/backup-command.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { runMoveCommand } from "./backup/move-command.ts";

/** `npm run admin -- …`: owner accounts, backups and restores from the command line (see admin/admin-command.ts). */

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let typed = "";
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (error === undefined) resolve(typed);
      else reject(error);
    };
    const onData = (text: string) => {
      for (const character of text) {
        if (character === "\r" || character === "\n") return done();
        if (character === "\u0003") return done(new Error("Cancelled."));
        if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1);
        else if (character >= " ") typed += character;
      }
    };
    input.on("data", onData);
  });
}

async function readPassword(purpose: string): Promise<string | undefined> {
  if (process.argv.includes("--password-stdin")) return readStdin();
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  if (fromEnvironment !== undefined && fromEnvironment !== "") return fromEnvironment;
  if (!process.stdin.isTTY) return undefined;
  const first = await promptHidden(`Type ${purpose}: `);
  const second = await promptHidden("Type it again: ");
  if (first !== second) throw new Error("The two passwords differ; nothing was changed.");
  return first;
}

async function main(): Promise<number> {
  const [command] = process.argv.slice(2);
  if (command === undefined || command === "help" || command === "--help") {
    console.log(adminUsage);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig();
  if (isBackupCommand(command)) {
    return runBackupCommand(command, process.argv.slice(3), config, {
      print: (line) => console.log(line),
      printError: (line) => console.error(line),
      now: () => new Date(),
    });
  }
  if (command === "move-to-postgres") {
    return runMoveCommand(process.argv.slice(3), config, {
      print: (line) => console.log(line),
      printError: (line) => console.error(line),
    });
  }
  const handle = await openDatabase(
    config.databaseUrl === undefined
      ? { kind: "pglite", dataDir: config.dataDir }
      : { kind: "postgres", url: config.databaseUrl, poolSize: 2 },
  );
  try {
    await handle.migrate();
    return await runAdminCommand(process.argv.slice(2), {
      db: handle.db,
      readPassword,
      print: (line) => console.log(line),
      printError: (line) => console.error(line),
      now: new Date(),
    });
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
