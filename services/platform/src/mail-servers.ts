// Mail server addresses and how a connection to one is secured (decision 0070): shared by the directory,
// which tests a staff member's mailbox, and the attachments service, which reads it (decision 0071). Pure.

export interface ServerAddress {
  host: string;
  port: number;
}

/** `host:port` (001 §3 "url:port"), with an optional scheme in front (`imaps://host:993`); else undefined. */
export function parseServer(value: string): ServerAddress | undefined {
  const match =
    /^(?:[a-z][a-z0-9+.-]*:\/\/)?(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?):(\d{1,5})$/i.exec(
      value.trim(),
    );
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * How a connection to a mail server is secured: implicit TLS on the well-known TLS ports (IMAP 993,
 * SMTP 465), else STARTTLS, which must be offered unless the server is on this machine (the local mail
 * server of development and tests speaks plain text on loopback only). A password never crosses a
 * network in clear text.
 */
export function connectionSecurity(
  protocol: 'imap' | 'smtp',
  server: ServerAddress,
): { secure: boolean; requireStartTls: boolean } {
  const implicitTls = protocol === 'imap' ? server.port === 993 : server.port === 465;
  return {
    secure: implicitTls,
    requireStartTls: !implicitTls && !loopbackHosts.has(server.host.toLowerCase()),
  };
}
