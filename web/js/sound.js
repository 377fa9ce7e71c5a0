// Sounds made with WebAudio (no audio files): short beeps for moves,
// captures, the start and the end of a game, notifications. Off switch
// kept in storage.

const KEY = 'gamut.sound';
let ctx = null;

export function soundOn() {
  return localStorage.getItem(KEY) !== 'off';
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
}

function tone(freq, start, duration, type = 'sine', gain = 0.12) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

const SOUNDS = {
  move: () => tone(660, 0, 0.08, 'triangle'),
  capture: () => { tone(440, 0, 0.07, 'square', 0.06); tone(330, 0.06, 0.1, 'triangle'); },
  start: () => { tone(523, 0, 0.1); tone(784, 0.1, 0.14); },
  end: () => { tone(784, 0, 0.12); tone(659, 0.12, 0.12); tone(523, 0.24, 0.25); },
  goal: () => { tone(523, 0, 0.1); tone(659, 0.1, 0.1); tone(784, 0.2, 0.1); tone(1046, 0.3, 0.3); },
  notify: () => tone(880, 0, 0.12, 'sine', 0.08),
  // A notification: a challenge, or one's turn in a correspondence game.
  chime: () => { tone(988, 0, 0.09, 'sine', 0.09); tone(1319, 0.09, 0.16, 'sine', 0.08); },
};

/** Play a named sound if sound is on (and the browser allows audio). */
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === 'suspended') ctx.resume();
    SOUNDS[name]();
  } catch {
    // Audio unavailable: stay silent.
  }
}
