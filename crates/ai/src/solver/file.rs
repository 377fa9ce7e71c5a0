//! Saved solver tables, so that long runs resume: a small versioned
//! binary format, validated on load.
//!
//! Layout (little-endian): the magic `GAMUTPNS`; the format version
//! (`u32`, [`VERSION`]); the length (`u32`) and bytes of the tag — the
//! game's short name, `|`, and every option as `key=value` joined by `,`
//! (the keys include the move limit's plies left, so a table only fits
//! the options it was made with); the number of slots (`u64`); the slots,
//! 24 bytes each (key `u64`, proof and disproof numbers `u32`, work `u32`,
//! proof depth `u16`, move index `u8`, flags `u8`); and an FNV-1a 64-bit
//! checksum (`u64`) of everything before it.

use super::table::{Slot, Table, SLOT_BYTES};
use std::fmt;
use std::io::{self, Read, Write};
use std::path::Path;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"GAMUTPNS";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// The longest tag accepted.
const MAX_TAG: usize = 1 << 16;

/// Why a saved table was not loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(io::Error),
    /// Not a solver table (wrong magic).
    NotATable,
    /// Written by another version of the format.
    Version {
        /// The file's version.
        found: u32,
    },
    /// Made for another game or other options.
    WrongGame {
        /// The file's tag.
        found: String,
        /// The tag of the game being solved.
        expected: String,
    },
    /// Shorter or longer than its header says.
    Length,
    /// The checksum does not match the contents.
    Checksum,
    /// A slot with inconsistent numbers.
    BadSlot(u64),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "cannot read the table: {e}"),
            LoadError::NotATable => write!(f, "not a gamut solver table (bad magic)"),
            LoadError::Version { found } => write!(
                f,
                "solver table format version {found}, this build reads version {VERSION}"
            ),
            LoadError::WrongGame { found, expected } => {
                write!(f, "the table was made for '{found}', not for '{expected}'")
            }
            LoadError::Length => write!(f, "the table is truncated or has trailing bytes"),
            LoadError::Checksum => write!(f, "the table is corrupt (checksum mismatch)"),
            LoadError::BadSlot(i) => write!(f, "the table is corrupt (slot {i} is inconsistent)"),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<io::Error> for LoadError {
    fn from(e: io::Error) -> Self {
        LoadError::Io(e)
    }
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xCBF2_9CE4_8422_2325)
    }
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01B3);
        }
    }
}

/// Write every slot in use of `tables` (but path-dependent disproofs),
/// one table after the other, under `tag`; returns the slots written.
pub(crate) fn save(tables: &[&Table], tag: &str, path: &Path) -> io::Result<u64> {
    let mut out = io::BufWriter::new(std::fs::File::create(path)?);
    let mut sum = Fnv::new();
    let mut put = |out: &mut io::BufWriter<std::fs::File>, bytes: &[u8]| {
        sum.add(bytes);
        out.write_all(bytes)
    };
    put(&mut out, MAGIC)?;
    put(&mut out, &VERSION.to_le_bytes())?;
    put(&mut out, &(tag.len() as u32).to_le_bytes())?;
    put(&mut out, tag.as_bytes())?;
    let count: u64 = tables.iter().map(|t| t.facts().count() as u64).sum();
    put(&mut out, &count.to_le_bytes())?;
    let mut written = 0u64;
    for slot in tables.iter().flat_map(|t| t.facts()) {
        put(&mut out, &slot.to_bytes())?;
        written += 1;
    }
    debug_assert_eq!(written, count);
    let checksum = sum.0;
    out.write_all(&checksum.to_le_bytes())?;
    out.flush()?;
    Ok(written)
}

/// The tag of the table saved at `path` (the game and options it was
/// made for: `name|key=value,…`), reading only the file's header.
pub fn table_tag(path: &Path) -> Result<String, LoadError> {
    let mut file = std::fs::File::open(path)?;
    let mut head = Vec::with_capacity(16);
    Read::by_ref(&mut file).take(16).read_to_end(&mut head)?;
    let tag_len = header(&head)?;
    let mut tag = vec![0u8; tag_len];
    file.read_exact(&mut tag).map_err(short_is_length)?;
    Ok(String::from_utf8_lossy(&tag).into_owned())
}

/// A file shorter than its header is truncated, not unreadable.
fn short_is_length(e: io::Error) -> LoadError {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        LoadError::Length
    } else {
        LoadError::Io(e)
    }
}

/// Checks the first 16 bytes (magic, version, tag length): the tag's
/// length.
fn header(head: &[u8]) -> Result<usize, LoadError> {
    if head.len() < 8 || &head[..8] != MAGIC {
        return Err(LoadError::NotATable);
    }
    let word = |at: usize| head.get(at..at + 4).ok_or(LoadError::Length);
    let version = u32::from_le_bytes(word(8)?.try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(LoadError::Version { found: version });
    }
    let tag_len = u32::from_le_bytes(word(12)?.try_into().expect("4 bytes")) as usize;
    if tag_len > MAX_TAG {
        return Err(LoadError::Length);
    }
    Ok(tag_len)
}

/// Read a table written by [`save`] under `tag` into `table` (which keeps
/// what it holds; slots beyond its capacity replace the least valuable);
/// returns the slots read.
pub(crate) fn load(table: &mut Table, tag: &str, path: &Path) -> Result<u64, LoadError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err(LoadError::NotATable);
    }
    let tag_len = header(&bytes)?;
    let mut at = 16;
    let mut take = |n: usize| -> Result<&[u8], LoadError> {
        let s = bytes.get(at..at + n).ok_or(LoadError::Length)?;
        at += n;
        Ok(s)
    };
    let found = String::from_utf8_lossy(take(tag_len)?).into_owned();
    if found != tag {
        return Err(LoadError::WrongGame {
            found,
            expected: tag.to_string(),
        });
    }
    let count = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let body = at;
    let expected_len = (count as u128) * SLOT_BYTES as u128 + body as u128 + 8;
    if expected_len != bytes.len() as u128 {
        return Err(LoadError::Length);
    }
    let end = bytes.len() - 8;
    let mut sum = Fnv::new();
    sum.add(&bytes[..end]);
    let stored = u64::from_le_bytes(bytes[end..].try_into().expect("8 bytes"));
    if sum.0 != stored {
        return Err(LoadError::Checksum);
    }
    let mut slots = Vec::with_capacity(count as usize);
    for (i, chunk) in bytes[body..end].chunks_exact(SLOT_BYTES).enumerate() {
        let slot = Slot::from_bytes(chunk.try_into().expect("slot bytes"));
        if !slot.valid() {
            return Err(LoadError::BadSlot(i as u64));
        }
        slots.push(slot);
    }
    // Least work first, so that when the table is smaller than the file
    // the most valuable slots are stored last and survive.
    slots.sort_by_key(|s| s.work);
    for slot in slots {
        table.put(slot);
    }
    Ok(count)
}
