//! HTTP + WebSocket game server.
