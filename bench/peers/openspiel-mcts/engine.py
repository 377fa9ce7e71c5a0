"""OpenSpiel's MCTS bot for Lines of Action, speaking Gamut's engine protocol.

A peer for `gamut match ... --b cmd:bench/peers/openspiel-mcts/engine`: it
reads protocol commands on stdin and answers on stdout (see
docs/engine-protocol.md). The search is OpenSpiel's C++ MCTS bot
(`pyspiel.MCTSBot`) with a random-rollout evaluator, a fixed number of
simulations per move (10,000 unless `--simulations N` or `setoption name
Simulations` says otherwise); `go` limits are ignored, and the search cannot be stopped early.

Moves: OpenSpiel writes Lines of Action moves as `b1-d3` and captures as
`b1xd3`, the same as Gamut's notation; moves are matched by that text
against the legal actions of the position, so a disagreement on legality
is reported instead of being played.

Only the standard 8x8 game is supported (OpenSpiel has no other board);
the end-of-game options (repetition, move limit, simultaneous connection)
are the controller's business and are accepted as given.
"""

import argparse
import sys

import pyspiel

NAME = "openspiel-mcts"
DEFAULT_SIMULATIONS = 10_000
UCT_C = 2.0
MAX_MEMORY_MB = 1000
# Game options Gamut may send that OpenSpiel's board must match.
REQUIRED_OPTIONS = {"size": "8", "setup": "standard"}


class Engine:
    """One protocol session."""

    def __init__(self, simulations, seed):
        self.game = pyspiel.load_game("lines_of_action")
        self.simulations = simulations
        self.seed = seed
        self.state = None
        self.bot = None

    def send(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def error(self, message):
        self.send("info string error: " + message)

    def make_bot(self):
        evaluator = pyspiel.RandomRolloutEvaluator(1, self.seed)
        self.bot = pyspiel.MCTSBot(
            self.game, evaluator, UCT_C, self.simulations, MAX_MEMORY_MB, True, self.seed, False
        )

    def handle(self, line):
        """Carry out one command; False after `quit`."""
        words = line.split()
        if not words:
            return True
        head, args = words[0], words[1:]
        try:
            if head == "gamut":
                self.send("id name " + NAME)
                self.send("id author OpenSpiel MCTSBot, adapted for Gamut")
                self.send("id games loa")
                self.send(
                    "option name Simulations type spin default %d min 1 max 10000000"
                    % self.simulations
                )
                self.send("option name Threads type spin default 1 min 1 max 1")
                self.send("gamutok")
            elif head == "isready":
                self.send("readyok")
            elif head == "setoption":
                self.set_option(args)
            elif head == "newgame":
                self.new_game(args)
            elif head == "position":
                self.position(args)
            elif head == "go":
                self.go()
            elif head == "legal":
                self.send(" ".join(["legal"] + sorted(self.legal().keys())))
            elif head == "stop":
                pass  # the search is synchronous: nothing runs now
            elif head == "quit":
                return False
            else:
                self.error("unknown command '%s'" % head)
        except ValueError as e:
            self.error(str(e))
        return True

    def set_option(self, args):
        if len(args) < 4 or args[0] != "name" or "value" not in args:
            raise ValueError("usage: setoption name <name> value <value>")
        at = args.index("value")
        name, value = " ".join(args[1:at]).lower(), " ".join(args[at + 1:])
        if name == "simulations":
            n = int(value) if value.isdigit() else 0
            if n < 1:
                raise ValueError("Simulations must be a positive number")
            self.simulations = n
            self.bot = None
        elif name == "threads":
            if value != "1":
                self.send("info string Threads: this engine uses one thread")
        else:
            raise ValueError("unknown option '%s' (Simulations, Threads)" % name)

    def new_game(self, args):
        if not args or args[0] != "loa":
            raise ValueError("only 'loa' (Lines of Action) is supported")
        for pair in args[1:]:
            key, sep, value = pair.partition("=")
            if not sep:
                raise ValueError("game option '%s' is not of the form key=value" % pair)
            wanted = REQUIRED_OPTIONS.get(key)
            if wanted is not None and value != wanted:
                raise ValueError("OpenSpiel only has %s=%s" % (key, wanted))
        self.seed += 1
        self.make_bot()
        self.state = self.game.new_initial_state()

    def legal(self):
        """Legal moves of the current position: notation -> action."""
        if self.state is None:
            raise ValueError("no game: send 'newgame loa' first")
        if self.state.is_terminal():
            return {}
        player = self.state.current_player()
        return {
            self.state.action_to_string(player, a): a for a in self.state.legal_actions()
        }

    def position(self, args):
        if self.state is None:
            raise ValueError("no game: send 'newgame loa' first")
        if not args or args[0] != "startpos":
            raise ValueError("only 'position startpos [moves ...]' is supported")
        moves = []
        if len(args) > 1:
            if args[1] != "moves":
                raise ValueError("usage: position startpos [moves m1 m2 ...]")
            moves = args[2:]
        state = self.game.new_initial_state()
        for i, move in enumerate(moves):
            if state.is_terminal():
                raise ValueError("move %d (%s): the game is over" % (i + 1, move))
            player = state.current_player()
            actions = {state.action_to_string(player, a): a for a in state.legal_actions()}
            if move not in actions:
                raise ValueError("move %d (%s) is not legal here" % (i + 1, move))
            state.apply_action(actions[move])
        self.state = state

    def go(self):
        if self.state is None:
            raise ValueError("no game: send 'newgame loa' first")
        if self.state.is_terminal():
            self.send("bestmove (none)")
            return
        if self.bot is None:
            self.make_bot()
        player = self.state.current_player()
        action = self.bot.step(self.state)
        self.send("info string simulations %d" % self.simulations)
        self.send("bestmove " + self.state.action_to_string(player, action))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--simulations", type=int, default=DEFAULT_SIMULATIONS,
        help="MCTS simulations per move (default %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args()
    if args.simulations < 1:
        parser.error("--simulations must be positive")
    engine = Engine(args.simulations, args.seed)
    for line in sys.stdin:
        if not engine.handle(line):
            break


if __name__ == "__main__":
    main()
