//! The `Game` trait: the contract between rules engines and everything
//! built on them (search, perft, records, servers, protocols).

use crate::{GameOptions, MoveError, MoveList, Outcome, Player, TextError};
use std::fmt::Debug;
use std::hash::Hash;

/// A position of a game, with everything needed to continue it.
///
/// Positions are *copy-make*: [`Game::play`] changes the position in place,
/// and a caller that needs the parent clones it first (positions are small
/// and `Clone` is cheap: no heap data). History-dependent rules (repetition,
/// the move limit) are applied by [`crate::GameRecord`] and by searches
/// from the options' [`GameOptions::repetition_limit`] and
/// [`GameOptions::move_limit`].
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move (or any other action of the game: placement, pass, ...).
    /// Small and `Copy`.
    type Move: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// The options chosen when a game is created.
    type Options: GameOptions;

    /// The game's short name, as used on the command line (`loa`).
    const NAME: &'static str;
    /// The game's full name (`Lines of Action`).
    const TITLE: &'static str;

    /// The start position for these options (assumed validated).
    fn start(options: &Self::Options) -> Self;

    /// Where `gamut perft` starts by default: the position the rules file's
    /// reference figures are counted from. Default: [`Game::start`].
    fn perft_start(options: &Self::Options) -> Self {
        Self::start(options)
    }

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// The game's name for a player (`Black`, `White`, `South`, ...).
    fn side_name(player: Player) -> &'static str;

    /// Append every move the movement rules allow to `moves` (which the
    /// caller has cleared). This is pure move generation: it does not look
    /// at the outcome, so a finished position may still list moves (perft
    /// counts them). Players must check [`Game::outcome`] first. While the
    /// game is not over the list is never empty (a game with forced passes
    /// generates its pass move).
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Play a move that [`Game::legal_moves`] generated in this position.
    fn play(&mut self, mv: Self::Move);

    /// The result if the game is over by its board rules (not counting
    /// repetition, move limit, resignation or agreement). Check it before
    /// asking for moves.
    fn outcome(&self) -> Option<Outcome>;

    /// The incrementally maintained 64-bit Zobrist hash (side to move
    /// included).
    fn hash(&self) -> u64;

    /// The hash computed from scratch; must equal [`Game::hash`].
    fn compute_hash(&self) -> u64;

    /// The move in the rules file's notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Appends the move's notation ([`Game::move_text`]) to `out`. The
    /// default copies `move_text`; an engine writes it directly where that
    /// saves the allocation (the server writes every reply to every legal
    /// move after each move: [`crate::DynMatch::replies`]).
    fn write_move_text(&self, mv: Self::Move, out: &mut String) {
        out.push_str(&self.move_text(mv));
    }

    /// What, besides the move itself, `mv`'s text ([`Game::move_text`])
    /// depends on in this position: any two positions of the game that
    /// give a move the same mark give it the same text (Lines of Action and
    /// Linear Pursuit: whether it captures; a game whose texts depend on
    /// the move alone: always `Some(0)`). `None`, the default, says
    /// nothing: the texts are written and compared. The server sets the
    /// premove list's hundreds of texts apart by it
    /// ([`crate::DynMatch::replies`]), writing only the new ones.
    fn text_mark(&self, _mv: Self::Move) -> Option<u8> {
        None
    }

    /// Read a move in the rules file's notation; `Ok` only for a move that
    /// is legal here. The default looks the text up among the legal moves.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The position as one line of text that [`Game::from_text`] reads back.
    fn to_text(&self) -> String;

    /// Read a position written by [`Game::to_text`] (validated: any text that
    /// is accepted gives a position the engine can play from).
    fn from_text(options: &Self::Options, text: &str) -> Result<Self, TextError>;

    /// A multi-line picture of the board for terminals.
    fn diagram(&self) -> String;

    /// Whether the side to move is placing pieces (a placement phase, where
    /// every legal move is a placement). Default: never.
    fn placing(&self) -> bool {
        false
    }

    /// Whether `mv`, legal here, places a piece (a move of a placement
    /// phase). Default: no move does.
    fn is_placement(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The plies of play this position counts toward the move limit
    /// ([`GameOptions::move_limit`](crate::GameOptions::move_limit)), for a
    /// game whose positions keep that count themselves (Linear Pursuit's
    /// ply field: plies of play since the set-up, placements not counted,
    /// so a position text's count counts too). `None`, the default: every
    /// move counts, from the start of the game record.
    fn limit_plies(&self) -> Option<u32> {
        None
    }

    /// Perft: whether the line ends at this position (counted as one leaf,
    /// not expanded) — for games whose reference figures stop at a decisive
    /// event. Default: never.
    fn perft_stops_here(&self) -> bool {
        false
    }

    /// Perft: whether a legal move is counted (and expanded). Default: all.
    fn perft_counts(&self, _mv: Self::Move) -> bool {
        true
    }

    /// Perft at the last ply: the number of counted legal moves. Engines
    /// override this to count without enumerating.
    fn perft_leaf_count(&self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.iter().filter(|&&m| self.perft_counts(m)).count() as u64
    }
}
