#!/usr/bin/env python3
"""Writes small seed corpora under fuzz/seeds/<target>/ from positions
reached by random play through `gamut engine` (run from the repo root:
python3 fuzz/scripts/make_seeds.py [path/to/gamut])."""
import os, random, subprocess, sys

GAMUT = sys.argv[1] if len(sys.argv) > 1 else "target/debug/gamut"
SEEDS = "fuzz/seeds"
# (game index of gamut_fuzz::select, option-set index, newgame options)
SETS = [
    (0, 0, ""), (0, 1, "size=6"), (0, 2, "size=7"), (0, 3, "setup=scrambled-eggs"),
    (1, 0, ""), (1, 1, "setup=placement"), (1, 2, "pawns=off"),
    (2, 0, ""), (2, 1, "shot-rule=keeper"), (2, 2, "half-length=1"),
]
NAMES = ["loa", "pursuit", "football"]


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([GAMUT, "engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send("gamut")
        self.until("gamutok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine ended")
            if line.startswith(prefix):
                return line.rstrip("\n")

    def legal(self):
        self.send("legal")
        return self.until("legal").split()[1:]

    def text(self):
        self.send("show")
        return self.until("info string position ")[len("info string position "):]


def write(target, name, data):
    os.makedirs(f"{SEEDS}/{target}", exist_ok=True)
    with open(f"{SEEDS}/{target}/{name}", "wb") as f:
        f.write(data)


def main():
    rng = random.Random(12)
    eng = Engine()
    for game, oset, opts in SETS:
        sel = bytes([game + 3 * oset])
        eng.send(f"newgame {NAMES[game]} {opts}".strip())
        moves = []
        eng.send("position startpos")
        for ply in range(60):
            legal = eng.legal()
            if ply in (0, 3, 10, 25, 59) or not legal:
                text = eng.text()
                tag = f"{NAMES[game]}-{oset}-{ply}"
                some = rng.sample(legal, min(3, len(legal)))
                write("position_text", tag, sel + "\n".join([text] + some).encode())
                walk = bytes(rng.randrange(256) for _ in range(12))
                write("legal_moves", tag, sel + b"\x00" + text.encode() + b"\n" + walk)
            if not legal:
                break
            moves.append(rng.choice(legal))
            eng.send("position startpos moves " + " ".join(moves))
        walk = bytes(rng.randrange(256) for _ in range(40))
        write("legal_moves", f"{NAMES[game]}-{oset}-start", sel + b"\x01" + walk)
        write("legal_moves", f"{NAMES[game]}-{oset}-perft", sel + b"\x03" + walk)
        header = f'[Game "{NAMES[game]}"]\n' + "".join(
            f'[Option "{o}"]\n' for o in opts.split())
        numbered = " ".join(
            (f"{i // 2 + 1}. " if i % 2 == 0 else "") + m for i, m in enumerate(moves[:20]))
        write("record_import", f"{NAMES[game]}-{oset}",
              (header + f"[Result \"*\"]\n\n{numbered} *\n").encode())
    for b in range(27):
        walk = bytes(rng.randrange(256) for _ in range(30))
        write("legal_moves", f"start-{b}", bytes([b, 1]) + walk)
    eng.send("quit")


main()
