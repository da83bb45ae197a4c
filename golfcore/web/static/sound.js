// Optional sounds, off by default (the «Sonido» setting): short tones synthesized with the Web
// Audio API, no sound files. No AudioContext exists until the setting is on and a sound is
// due (so a page with sounds off never touches the audio device).

let enabled = false;
let ctx = null;

export function setSoundOn(on) {
  enabled = !!on;
  if (!enabled && ctx) { ctx.close().catch(() => {}); ctx = null; }
}

export function soundOn() { return enabled; }

// name -> [frequency Hz, start s, length s, wave, volume] notes
const SOUNDS = {
  play: [[660, 0, 0.07, "triangle", 0.18]],
  draw: [[330, 0, 0.06, "sine", 0.16], [440, 0.04, 0.06, "sine", 0.12]],
  refuse: [[150, 0, 0.16, "square", 0.06]],
  place: [[520, 0, 0.08, "triangle", 0.16]],
  win: [[523, 0, 0.14, "triangle", 0.18], [659, 0.12, 0.14, "triangle", 0.18],
    [784, 0.24, 0.14, "triangle", 0.18], [1047, 0.36, 0.32, "triangle", 0.2]],
};

export function sound(name) {
  const notes = name && SOUNDS[name];
  if (!enabled || !notes) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    if (!ctx) ctx = new Ctx();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const now = ctx.currentTime;
    for (const [freq, at, len, wave, volume] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(volume, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + len + 0.02);
    }
  } catch (e) { /* no audio device: the game plays on in silence */ }
}
