//! The one-line position text: reading (validated) and writing.
//!
//! `<inner>/<outer> <side> [<phase> [<ply>]]`, see the crate docs.

use crate::setup::{check_move_bound, check_room};
use crate::{side_name, Location, Piece, Pursuit, PursuitOptions};
use gamut_core::{Game, Player, TextError};

/// The text of a position.
pub(crate) fn write(pos: &Pursuit) -> String {
    let n = pos.board.size() as u8;
    let ring = |piece_at: &dyn Fn(u8) -> Option<(Player, Piece)>| -> String {
        (0..n)
            .map(|s| piece_at(s).map_or('.', |(side, p)| letter(side, p)))
            .collect()
    };
    let inner = ring(&|s| pos.inner_piece(s));
    let outer = ring(&|s| pos.outer_piece(s));
    let phase = if pos.placing() {
        let mut hand = String::from("place:");
        for side in Player::BOTH {
            for p in Piece::ALL {
                for _ in 0..pos.in_hand(side, p) {
                    hand.push(letter(side, p));
                }
            }
        }
        hand
    } else if pos.drawn {
        "drawn".to_string()
    } else {
        "play".to_string()
    };
    format!(
        "{inner}/{outer} {} {phase} {}",
        side_name(pos.side).to_ascii_lowercase(),
        pos.ply
    )
}

/// South's pieces are upper case, North's lower case.
fn letter(side: Player, piece: Piece) -> char {
    match side {
        Player::First => piece.letter(),
        Player::Second => piece.letter().to_ascii_lowercase(),
    }
}

/// Read a position text for the board of `options`.
pub(crate) fn read(options: &PursuitOptions, text: &str) -> Result<Pursuit, TextError> {
    let board = options.board;
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 4 {
        return Err(TextError::new(format!(
            "expected '<inner>/<outer> <side> [<phase> [<ply>]]' (e.g. '{}'), got {} fields",
            crate::CLASSIC_TEXT,
            fields.len()
        )));
    }
    let (inner, outer) = fields[0].split_once('/').ok_or_else(|| {
        TextError::new("the pieces field must be the inner ring, '/', then the outer ring")
    })?;
    let mut pos = Pursuit::blank(board);
    for (ring, name, outer_ring) in [(inner, "inner", false), (outer, "outer", true)] {
        let len = ring.chars().count();
        if len != board.size() {
            return Err(TextError::new(format!(
                "the {name} ring has {len} positions but the board has {}",
                board.size()
            )));
        }
        for (s, c) in ring.chars().enumerate() {
            if c == '.' {
                continue;
            }
            let piece = Piece::from_letter(c).ok_or_else(|| {
                TextError::new(format!(
                    "{name} position {s}: '{c}' is not a piece (K R B N P for South, k r b n p for North, '.' for empty)"
                ))
            })?;
            let side = if c.is_ascii_uppercase() {
                Player::First
            } else {
                Player::Second
            };
            if outer_ring && !piece.is_major() {
                return Err(TextError::new(format!(
                    "outer position {s}: Pawns stand only on inner positions"
                )));
            }
            let at = if outer_ring {
                Location::Outer(s as u8)
            } else {
                Location::Inner(s as u8)
            };
            pos.put(side, piece, at);
        }
    }
    pos.side = match fields[1] {
        "south" => Player::First,
        "north" => Player::Second,
        other => {
            return Err(TextError::new(format!(
                "'{other}' is not a side to move (south or north)"
            )))
        }
    };
    match fields.get(2).copied().unwrap_or("play") {
        "play" => {}
        "drawn" => pos.drawn = true,
        phase => read_hand(&mut pos, phase)?,
    }
    if let Some(ply) = fields.get(3) {
        pos.ply = ply
            .parse()
            .ok()
            .filter(|_| ply.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| TextError::new(format!("'{ply}' is not a ply count")))?;
    }
    validate(&pos).map_err(TextError::new)?;
    pos.rehash();
    Ok(pos)
}

/// Read `place:<letters>` into the hands.
fn read_hand(pos: &mut Pursuit, phase: &str) -> Result<(), TextError> {
    let letters = phase.strip_prefix("place:").ok_or_else(|| {
        TextError::new(format!(
            "'{phase}' is not a phase (play, drawn, or place:<pieces to place>)"
        ))
    })?;
    if letters.is_empty() {
        return Err(TextError::new(
            "place: lists no pieces to place (write play when all are placed)",
        ));
    }
    for c in letters.chars() {
        let piece = Piece::from_letter(c)
            .ok_or_else(|| TextError::new(format!("'{c}' in {phase} is not a piece letter")))?;
        let side = if c.is_ascii_uppercase() { 0 } else { 1 };
        let count = &mut pos.hand[side][piece.index()];
        if *count >= 64 {
            return Err(TextError::new("more than 64 pieces of one kind to place"));
        }
        *count += 1;
    }
    Ok(())
}

/// The checks every position text must pass; a text at ply 0 is a set-up
/// and must also follow the set-up rules.
fn validate(pos: &Pursuit) -> Result<(), String> {
    let mover = pos.side;
    for side in Player::BOTH {
        let kings = pos.count(side, Piece::King);
        if kings > 1 {
            return Err(format!("{} has {kings} Kings", side_name(side)));
        }
        if kings == 0 && (side != mover || pos.ply == 0 || pos.placing() || pos.drawn) {
            return Err(format!(
                "{} has no King (only the side to move can have just lost its King, in play after ply 0)",
                side_name(side)
            ));
        }
    }
    if pos.placing() {
        let total = |i: usize| pos.hand[i].iter().map(|&c| u32::from(c)).sum::<u32>();
        let (south, north) = (total(0), total(1));
        let alternating = match mover {
            Player::First => south == north,
            Player::Second => south + 1 == north,
        };
        if !alternating {
            return Err(format!(
                "during placement the players alternate, South first: with {south} South and {north} North \
                 pieces to place it cannot be {}'s turn",
                side_name(mover)
            ));
        }
        if pos
            .occupied
            .iter()
            .zip(&pos.inner)
            .any(|(&occ, kinds)| occ != kinds[Piece::Pawn.index()])
        {
            return Err("during placement no major piece can be in play yet".to_string());
        }
        check_room(pos)?;
    }
    if pos.drawn && !pos.draw_available() {
        return Err("a draw can be declared only when only the two Kings remain".to_string());
    }
    if pos.ply == 0 {
        validate_setup(pos)?;
    }
    check_move_bound(pos)
}

/// The set-up rules (ply 0: a set-up, or placement under way, whose
/// pieces in hand count too): South to move once placement is over,
/// exactly one King each, the same number of pieces each, majors on outer
/// positions.
fn validate_setup(pos: &Pursuit) -> Result<(), String> {
    const HINT: &str = "(a text with ply 0 is a set-up; give the ply count for a position in play, e.g. '... south play 12')";
    // During placement the turns alternate (checked above); after it,
    // South moves first.
    if pos.side != Player::First && !pos.placing() {
        return Err(format!("in a set-up South moves first {HINT}"));
    }
    if pos.drawn {
        return Err(format!("a set-up cannot be a declared draw {HINT}"));
    }
    for side in Player::BOTH {
        if pos.count(side, Piece::King) != 1 {
            return Err(format!("{} needs exactly one King {HINT}", side_name(side)));
        }
        let in_play = pos.occupied(side) & !pos.pieces(side, Piece::Pawn);
        if in_play != 0 {
            return Err(format!(
                "{}'s major pieces must start on outer positions (inner {} holds one) {HINT}",
                side_name(side),
                in_play.trailing_zeros()
            ));
        }
    }
    let total = |side| Piece::ALL.iter().map(|&p| pos.count(side, p)).sum::<u32>();
    let (south, north) = (total(Player::First), total(Player::Second));
    if south != north {
        return Err(format!(
            "both sides must start with the same number of pieces (South {south}, North {north}) {HINT}"
        ));
    }
    Ok(())
}
