#!/usr/bin/env python3
"""What parts of the Redis record layout cost the server, per first request.

Run by tools/bench-redis-instructions.sh with BENCH_LAYOUT=1, against its
redis-server under callgrind. Not a test, and nothing here is shipped: it
measures the scripts the engine ships (resources/lua: record.lua prepended to
claim.lua and to complete.lua, as RedisStore loads them) beside variants of
them that the engine does not run, to show what a first request's server
instructions would become without each part (the seed's Go store
keeps one JSON string, no index and no counters):

  shipped          one EVALSHA per claim and per complete, sent 8 at a time
                   in one write (RedisMux carries several threads' requests
                   per write at 32 clients);
  batched          one EVALSHA claims 8 keys (each claim.lua run as a
                   function of its own KEYS and ARGV), one completes them:
                   the ceiling of what batching scripts could save;
  no-completed-idx complete.lua without its ZADD into the completed index;
  no-count         claim.lua without counting 'executed' inside the script;
  all three        the three together;
  one string       the seed's layout (one JSON string per record, nothing
                   else) claimed and completed by two minimal scripts: the
                   floor of doing a first request atomically in Lua.

Each variant claims and completes N new keys, and its replies and the
records it wrote are checked, so that a variant that stopped doing its work
cannot pass for a cheap one. A variant whose text no longer matches the
shipped script fails the run (the edit it names was not found).
"""
import argparse
import glob
import json
import os
import socket
import subprocess
import sys
import time

BATCH = 8
NOW_MS = int(time.time() * 1000)  # the records expire a day after it (complete.lua: PEXPIREAT)
MINUTE = str(NOW_MS // 60000)
SHARED_KEYS = ['{layout}:inflight', '{layout}:completed', '{layout}:timedout', '{layout}:c:' + MINUTE,
               '{layout}:cidx']  # KEYS[2..6] of the record scripts (record.lua)


def resp(args):
    out = [b'*%d\r\n' % len(args)]
    for a in args:
        a = a.encode() if isinstance(a, str) else a
        out.append(b'$%d\r\n%s\r\n' % (len(a), a))
    return b''.join(out)


class Connection:
    def __init__(self, port):
        self.sock = socket.create_connection(('127.0.0.1', port))
        self.file = self.sock.makefile('rb')

    def reply(self):
        line = self.file.readline()
        kind, rest = line[:1], line[1:].strip()
        if kind == b'$':
            n = int(rest)
            return None if n < 0 else self.file.read(n + 2)[:-2]
        if kind == b'*':
            n = int(rest)
            return None if n < 0 else [self.reply() for _ in range(n)]
        if kind == b':':
            return int(rest)
        if kind == b'-':
            raise RuntimeError('redis: ' + rest.decode(errors='replace'))
        return rest

    def pipeline(self, commands):
        self.sock.sendall(b''.join(resp(c) for c in commands))
        return [self.reply() for _ in commands]

    def command(self, *args):
        return self.pipeline([list(args)])[0]


def pack(strings):
    """The strings as consecutive MessagePack strings, as RedisPackingSink
    writes them: cmsgpack.unpack returns them as that many values."""
    out = bytearray()
    for s in strings:
        s = s.encode()
        if len(s) < 32:
            out += bytes([0xa0 | len(s)])
        elif len(s) < 256:
            out += b'\xd9' + bytes([len(s)])
        else:
            out += b'\xda' + len(s).to_bytes(2, 'big')
        out += s
    return bytes(out)


def claim_args(key):
    return pack([key, str(NOW_MS), MINUTE, '7200000', 'f' * 64, 'lease-' + key, 'host-123:4567', '', '30000', '0'])


def complete_args(key):
    return pack([key, str(NOW_MS), MINUTE, '7200000', 'lease-' + key, '200',
                 '[["Content-Type","application/json"]]', '{"key":"%s","execution":1}' % key,
                 str(NOW_MS + 86400000), '0'])


def edited(text, old, new, what):
    if old not in text:
        sys.exit('redis_layout_costs: %s: "%s" is no longer in the shipped script' % (what, old))
    return text.replace(old, new)


def batched(record, body):
    # Each request's script body runs as a function of its own KEYS and ARGV
    # (parameters shadow the globals); the batch's KEYS are the five shared
    # keys, then one record key per request, and ARGV one packed argument each.
    return ('local ALL_KEYS, ALL_ARGV = KEYS, ARGV\nlocal function one(KEYS, ARGV)\n' + record + '\n' + body
            + '\nend\nlocal out = {}\nfor i = 1, #ALL_ARGV do\n'
            + '    out[i] = one({ALL_KEYS[5 + i], ALL_KEYS[1], ALL_KEYS[2], ALL_KEYS[3], ALL_KEYS[4], ALL_KEYS[5]},'
            + ' {ALL_ARGV[i]})\nend\nreturn out\n')


def instructions(pid, dumps):
    """The server's instructions since the last zeroing, from a new callgrind dump."""
    before = set(glob.glob(os.path.join(dumps, 'out.*')))
    subprocess.run(['callgrind_control', '-d', str(pid)], check=True, capture_output=True)
    for _ in range(300):
        new = set(glob.glob(os.path.join(dumps, 'out.*'))) - before
        if new:
            break
        time.sleep(0.1)
    else:
        sys.exit('redis_layout_costs: callgrind wrote no dump')
    path = new.pop()
    for _ in range(100):  # the dump may still be being written
        with open(path) as f:
            for line in f:
                if line.startswith(('summary:', 'totals:')):
                    return int(line.split()[1])
        time.sleep(0.1)
    sys.exit('redis_layout_costs: no total in ' + path)


# The seed's layout made atomic the same way: one JSON string per record
# under idemp:<key> (seeds/000), claimed if absent and completed if present,
# each in one script, with no index, no counters and no lease to compare.
ONE_STRING_CLAIM = ("if redis.call('EXISTS', KEYS[1]) == 0 then\n"
                    "    redis.call('SET', KEYS[1], ARGV[1], 'PX', 86400000)\n"
                    "    return {'claimed', 0}\nend\nreturn {'taken'}\n")
ONE_STRING_COMPLETE = ("if redis.call('GET', KEYS[1]) then\n"
                       "    redis.call('SET', KEYS[1], ARGV[1], 'PX', 86400000)\n"
                       "    return {'applied'}\nend\nreturn {'gone'}\n")


def one_string(key, state):
    record = {'key': key, 'status': state, 'fingerprint': 'f' * 64, 'created_at': '2026-12-03T18:00:00Z'}
    if state == 'completed':
        record.update({'status_code': 200, 'headers': {'Content-Type': 'application/json'},
                       'body': '{"key":"%s","execution":1}' % key})
    return json.dumps(record)


def measure(conn, pid, dumps, n, name, claim, complete, how):
    """kIr per first request of N new keys; how: 'single' (the layout's
    scripts, one EVALSHA each), 'batched' (BATCH to an EVALSHA) or 'string'
    (ONE_STRING_*)."""
    claim_sha = conn.command('SCRIPT', 'LOAD', claim).decode()
    complete_sha = conn.command('SCRIPT', 'LOAD', complete).decode()
    keys = ['%s-%d-%d' % (name, os.getpid(), i) for i in range(n)]
    rk = [('idemp:' if how == 'string' else '{layout}:r:') + k for k in keys]
    subprocess.run(['callgrind_control', '-z', str(pid)], check=True, capture_output=True)
    for g in range(0, n, BATCH):
        part = range(g, min(g + BATCH, n))
        if how == 'batched':
            claimed = conn.command('EVALSHA', claim_sha, str(5 + len(part)), *SHARED_KEYS,
                                   *[rk[i] for i in part], *[claim_args(keys[i]) for i in part])
            applied = conn.command('EVALSHA', complete_sha, str(5 + len(part)), *SHARED_KEYS,
                                   *[rk[i] for i in part], *[complete_args(keys[i]) for i in part])
        elif how == 'string':
            claimed = conn.pipeline([['EVALSHA', claim_sha, '1', rk[i], one_string(keys[i], 'in_flight')]
                                     for i in part])
            applied = conn.pipeline([['EVALSHA', complete_sha, '1', rk[i], one_string(keys[i], 'completed')]
                                     for i in part])
        else:
            claimed = conn.pipeline([['EVALSHA', claim_sha, '6', rk[i], *SHARED_KEYS, claim_args(keys[i])]
                                     for i in part])
            applied = conn.pipeline([['EVALSHA', complete_sha, '6', rk[i], *SHARED_KEYS, complete_args(keys[i])]
                                     for i in part])
        if [r[0] for r in claimed] != [b'claimed'] * len(part) or [r[0] for r in applied] != [b'applied'] * len(part):
            sys.exit('redis_layout_costs: %s answered %r then %r' % (name, claimed, applied))
    total = instructions(pid, dumps)
    if how == 'string':
        done = [v is not None and b'"completed"' in v for v in conn.pipeline([['GET', k] for k in rk])]
    else:
        done = [v == b'COMPLETED' for v in conn.pipeline([['HGET', k, 'state'] for k in rk])]
    if not all(done):
        sys.exit('redis_layout_costs: %s left records that are not completed' % name)
    return total / n / 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--pid', type=int, required=True)
    ap.add_argument('--dumps', required=True)
    ap.add_argument('--requests', type=int, required=True)
    ap.add_argument('--lua', required=True)
    a = ap.parse_args()

    def lua(name):
        with open(os.path.join(a.lua, name + '.lua')) as f:
            return f.read()
    record, claim, complete = lua('record'), lua('claim'), lua('complete')
    uncounted = edited(claim, "count('executed')", '', 'no-count')
    unindexed = edited(complete, "redis.call('ZADD', KEYS[3], expires_at, member)", '', 'no-completed-idx')
    variants = [
        ('shipped', claim, complete, 'single'),
        ('batched', claim, complete, 'batched'),
        ('no-completed-idx', claim, unindexed, 'single'),
        ('no-count', uncounted, complete, 'single'),
        ('all three', uncounted, unindexed, 'batched'),
        ('one string', ONE_STRING_CLAIM, ONE_STRING_COMPLETE, 'string'),
    ]
    conn = Connection(a.port)
    conn.command('FLUSHALL')
    kir = {}
    for name, c, d, how in variants:
        if how == 'batched':
            c, d = batched(record, c), batched(record, d)
        elif how == 'single':
            c, d = record + '\n' + c, record + '\n' + d
        kir[name] = measure(conn, a.pid, a.dumps, a.requests, name.replace(' ', '-'), c, d, how)
        conn.command('FLUSHALL')
    print()
    print('What parts of the record layout cost redis-server per first request (claim + complete), in')
    print('thousands of instructions (callgrind Ir, %d new keys each, scripts sent %d per write; one run).' % (a.requests, BATCH))
    print('Only "shipped" is what the engine runs; the others are variants it does not (see the header of')
    print('tools/lib/redis_layout_costs.py).')
    print('%-18s %8s %10s' % ('variant', 'kIr', '÷shipped'))
    for name, *_ in variants:
        print('%-18s %8.1f %10.3f' % (name, kir[name], kir[name] / kir['shipped']))


if __name__ == '__main__':
    main()
