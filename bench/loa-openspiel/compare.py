"""Gamut against OpenSpiel in Lines of Action: perft(4) time and random
playouts per second, measured in one run and printed with their ratios.

Run through `bench/loa-openspiel/run`, which installs open-spiel and builds
gamut first.
"""

import argparse
import random
import re
import subprocess
import sys
import time

import pyspiel

PERFT_DEPTH = 4
PERFT_EXPECTED = 1_563_208
PLY_CAP = 300


def openspiel_perft(state, depth):
    """Leaf count below `state`, counting the last ply without playing it."""
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


def openspiel_playouts(game, seconds):
    """Random playouts from the start for about `seconds`: (games, plies, s)."""
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - start


def gamut_perft_process(gamut):
    """`gamut perft loa --depth 4`: (count, seconds for the whole process)."""
    start = time.perf_counter()
    out = subprocess.run(
        [gamut, "perft", "loa", "--depth", str(PERFT_DEPTH)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    return int(out.strip().splitlines()[-1]), elapsed


def gamut_bench(gamut, seconds):
    """`gamut bench loa`: (perft depth, leaves, seconds, playouts/s, plies/game)."""
    out = subprocess.run(
        [gamut, "bench", "loa", "--seconds", str(seconds)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    perft = re.search(r"perft\((\d+)\) = (\d+) in ([\d.]+) s", out)
    playouts = re.search(r"random playouts: \d+ in [\d.]+ s: ([\d.]+) playouts/s \(([\d.]+) plies/game\)", out)
    if not perft or not playouts:
        sys.exit(f"could not read `gamut bench loa` output:\n{out}")
    return (
        int(perft.group(1)),
        int(perft.group(2)),
        float(perft.group(3)),
        float(playouts.group(1)),
        float(playouts.group(2)),
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gamut", required=True, help="path of the gamut binary")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per playout measurement")
    args = parser.parse_args()

    game = pyspiel.load_game("lines_of_action", {"max_game_length": PLY_CAP})

    start = time.perf_counter()
    os_count = openspiel_perft(game.new_initial_state(), PERFT_DEPTH)
    os_perft_s = time.perf_counter() - start
    os_games, os_plies, os_play_s = openspiel_playouts(game, args.seconds)
    os_rate = os_games / os_play_s

    g_count, g_process_s = gamut_perft_process(args.gamut)
    b_depth, b_leaves, b_perft_s, g_rate, g_plies = gamut_bench(args.gamut, args.seconds)

    for name, count in (("OpenSpiel", os_count), ("Gamut", g_count)):
        if count != PERFT_EXPECTED:
            sys.exit(f"{name} perft({PERFT_DEPTH}) = {count}, expected {PERFT_EXPECTED}")

    print(f"Lines of Action, standard start, one core")
    print(f"perft({PERFT_DEPTH}) = {PERFT_EXPECTED:,} leaves")
    print(f"  OpenSpiel (Python API)        {os_perft_s:9.3f} s  {PERFT_EXPECTED / os_perft_s / 1e6:9.2f} M leaves/s")
    print(f"  gamut perft (whole process)   {g_process_s:9.3f} s  {PERFT_EXPECTED / g_process_s / 1e6:9.2f} M leaves/s")
    print(f"  gamut bench perft({b_depth})         {b_perft_s:9.3f} s  {b_leaves / b_perft_s / 1e6:9.2f} M leaves/s")
    print(f"  ratio (OpenSpiel time / gamut perft process time): {os_perft_s / g_process_s:,.0f}x")
    print(f"  ratio (leaves/s, gamut bench / OpenSpiel): {(b_leaves / b_perft_s) / (PERFT_EXPECTED / os_perft_s):,.0f}x")
    print(f"random playouts from the start (cap {PLY_CAP} plies)")
    print(f"  OpenSpiel (Python loop)  {os_rate:12,.1f} playouts/s  ({os_plies / os_games:.1f} plies/game)")
    print(f"  gamut bench              {g_rate:12,.1f} playouts/s  ({g_plies:.1f} plies/game)")
    print(f"  ratio (gamut / OpenSpiel): {g_rate / os_rate:,.0f}x")


if __name__ == "__main__":
    main()
