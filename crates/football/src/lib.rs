//! Chess Football rules engine (bitboards).
