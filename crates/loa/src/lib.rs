//! Lines of Action rules engine (bitboards).
