import { describe, expect, it } from 'vitest';
import { archiveCommand, archivingSettings, confLine, recoverySettings } from './pitr-settings.js';

describe('point-in-time recovery settings', () => {
  it('archives each segment once, never over an existing one', () => {
    expect(archiveCommand('/srv/wal')).toBe('test ! -f /srv/wal/%f && cp %p /srv/wal/%f');
    expect(archivingSettings('/srv/wal', 60)).toContainEqual(['archive_timeout', '60s']);
  });

  it('refuses a folder the shell or the configuration would read otherwise', () => {
    expect(() => archiveCommand("/srv/it's")).toThrow(/absolute folder/);
    expect(() => archiveCommand('/srv/a b')).toThrow(/absolute folder/);
    expect(() => archiveCommand('relative/wal')).toThrow(/absolute folder/);
  });

  it('quotes a configuration value', () => {
    expect(confLine('a', "it's")).toBe("a = 'it''s'");
  });

  it('replays to the target time, promotes, and archives nothing itself', () => {
    const text = recoverySettings('/srv/wal', new Date('2026-11-29T10:30:00.250Z'), 42100);
    expect(text).toContain("restore_command = 'cp /srv/wal/%f %p'");
    expect(text).toContain("recovery_target_time = '2026-11-29 10:30:00.250+00'");
    expect(text).toContain("recovery_target_action = 'promote'");
    expect(text).toContain("archive_mode = 'off'");
    expect(text).toContain("port = '42100'");
    expect(() => recoverySettings('/srv/wal', new Date('yesterday'), 1)).toThrow(/ISO 8601/);
  });
});
