/* _winkernel.c: the compiled twin of the win search's depth-first loop (solver_win.py).
 *
 * An optional accelerator: the same search as solver_win._search_pure, over the same tables
 * (solver_tables.DealTables, flattened by solver_kernel.py), with the same bounds, the same move
 * order and the same restarts, so it gives the same verdicts, the same winning lines, the same
 * best partial lines and the same position counts (tests/test_solver_kernel.py compares the
 * two). Read solver_win.py for what each step computes and why it is sound; the comments here
 * only say how the C differs in its data structures:
 *
 * - vec (the dead-card, Hall and linear-bound fields, a Python int of up to about a thousand
 *   bits) is W 64-bit words, little end first; a move adds its delta word by word with carry,
 *   modulo 2^(64 W): the bits under hi are those of Python's unbounded sum, so
 *   vec & hi != hi says the same;
 * - the playable columns are read from okbits[w] (bit c: class c may go on class w) per
 *   column, not from three look-up tables;
 * - the lost states are one open-addressing table keyed by slot << 23 | heights << 4 | waste
 *   (slot 0 when the dominance on the stock holds, else the stock position), value the stock
 *   position it was proved lost at;
 * - the chain bound's limits are memoised here by key, and asked of DealTables.chain_limits
 *   (a Python call, with the GIL) the first time a key is met; the orderings of the restarts
 *   are asked of solver_order.ordering;
 * - the GIL is released while searching, and taken back for those calls, the clock-and-
 *   progress tick (every `clock` positions, as the pure search calls Search._tick) and a
 *   check for signals every 65536 positions (which changes no count).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXW 32                 /* words of vec: 2048 bits, 256 fields */
#define NAT 42                  /* 7 columns x 6 heights */
#define SIGNAL_EVERY 65536

enum { STOP_NONE = 0, STOP_RESTART = 1, STOP_LIMIT = 2, STOP_ERROR = 3 };

typedef struct { uint64_t lo, hi; int *lims; } LimEnt;

typedef struct {
    /* the deal's tables */
    int W, total, n_stock, shared, draw_ok[2];
    const uint64_t *hi, *pv, *dv;    /* pv[(w * NAT + at) * W], dv[(s * 16 + w) * W] */
    int64_t tdel[NAT];
    uint32_t okbits[16];
    int stock[64];
    uint64_t tshift[16], stay[16], rank_bits, ender_fields;
    int heights[7], prio[NAT];
    uint32_t pow16[7];
    /* lines */
    int *path, *best_path, best_len, best_left;
    /* counting */
    long long n, event, limit1, restart_at, next_tick, clock, next_signal;
    long long n_match, n_segment;
    int stop;
    /* the lost states */
    uint32_t *keys; uint8_t *vals; uint64_t cap, count; int lg;
    /* the chain bound's limits */
    LimEnt *lim; uint64_t lcap, lcount;
    int no_limits[16];
    /* Python */
    PyObject *search, *tick, *chain_limits;
    PyThreadState *ts;
} K;

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27; x *= 0x94d049bb133111ebull;
    x ^= x >> 31; return x;
}

/* ---------------- the lost states ---------------- */

static inline int lost_get(const K *k, uint32_t key) {
    uint32_t stored = key + 1;
    uint64_t mask = k->cap - 1, h = (uint64_t)(stored * 0x9E3779B97F4A7C15ull) >> (64 - k->lg);
    for (;;) {
        uint32_t x = k->keys[h];
        if (x == stored) return k->vals[h];
        if (!x) return 99;
        h = (h + 1) & mask;
    }
}

static int lost_grow(K *k) {
    uint64_t ncap = k->cap * 2, nmask = ncap - 1;
    uint32_t *nk = calloc(ncap, sizeof(uint32_t));
    uint8_t *nv = malloc(ncap);
    if (!nk || !nv) { free(nk); free(nv); return -1; }
    for (uint64_t i = 0; i < k->cap; i++) if (k->keys[i]) {
        uint32_t stored = k->keys[i];
        uint64_t g = (uint64_t)(stored * 0x9E3779B97F4A7C15ull) >> (63 - k->lg);
        while (nk[g]) g = (g + 1) & nmask;
        nk[g] = stored; nv[g] = k->vals[i];
    }
    free(k->keys); free(k->vals);
    k->keys = nk; k->vals = nv; k->cap = ncap; k->lg++;
    return 0;
}

static int lost_put(K *k, uint32_t key, int s) {
    uint32_t stored = key + 1;
    uint64_t mask = k->cap - 1, h = (uint64_t)(stored * 0x9E3779B97F4A7C15ull) >> (64 - k->lg);
    for (;;) {
        uint32_t x = k->keys[h];
        if (x == stored) { k->vals[h] = (uint8_t)s; return 0; }
        if (!x) break;
        h = (h + 1) & mask;
    }
    if (2 * (k->count + 1) > k->cap) {
        if (lost_grow(k) < 0) return -1;
        mask = k->cap - 1;
        h = (uint64_t)(stored * 0x9E3779B97F4A7C15ull) >> (64 - k->lg);
        while (k->keys[h]) h = (h + 1) & mask;
    }
    k->keys[h] = stored; k->vals[h] = (uint8_t)s; k->count++;
    return 0;
}

#define SLOT(k, s) ((k)->shared ? 0u : (uint32_t)(s) << 23)

/* ---------------- Python, with the GIL ---------------- */

static inline void gil_take(K *k) { PyEval_RestoreThread(k->ts); }
static inline void gil_give(K *k) { k->ts = PyEval_SaveThread(); }

/* The limits of a chain-bound key, from the memo or DealTables.chain_limits; NULL with
 * k->stop = STOP_ERROR on a Python error or no memory. */
static int *limits_of(K *k, uint64_t lo, uint64_t hi) {
    uint64_t mask = k->lcap - 1, h = mix(lo ^ mix(hi)) & mask;
    while (k->lim[h].lims) {
        if (k->lim[h].lo == lo && k->lim[h].hi == hi) return k->lim[h].lims;
        h = (h + 1) & mask;
    }
    int *out = NULL;
    gil_take(k);
    PyObject *a = PyLong_FromUnsignedLongLong(hi), *b = PyLong_FromLong(42), *c = NULL,
             *d = PyLong_FromUnsignedLongLong(lo), *key = NULL, *res = NULL;
    if (a && b && d) c = PyNumber_Lshift(a, b);
    if (c) key = PyNumber_Or(c, d);
    if (key) res = PyObject_CallOneArg(k->chain_limits, key);
    if (res) {
        PyObject *seq = PySequence_Fast(res, "chain_limits must give a sequence");
        if (seq && PySequence_Fast_GET_SIZE(seq) == 16) {
            out = malloc(16 * sizeof(int));
            if (!out) PyErr_NoMemory();
            for (int i = 0; out && i < 16; i++) {
                long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
                if (v == -1 && PyErr_Occurred()) { free(out); out = NULL; break; }
                out[i] = (int)v;
            }
        } else if (seq) {
            PyErr_SetString(PyExc_ValueError, "chain_limits must give 16 limits");
        }
        Py_XDECREF(seq);
    }
    Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(c); Py_XDECREF(d); Py_XDECREF(key);
    Py_XDECREF(res);
    if (out && 2 * (k->lcount + 1) > k->lcap) {
        uint64_t ncap = k->lcap * 2, nmask = ncap - 1;
        LimEnt *nt = calloc(ncap, sizeof(LimEnt));
        if (!nt) { PyErr_NoMemory(); free(out); out = NULL; }
        else {
            for (uint64_t i = 0; i < k->lcap; i++) if (k->lim[i].lims) {
                uint64_t g = mix(k->lim[i].lo ^ mix(k->lim[i].hi)) & nmask;
                while (nt[g].lims) g = (g + 1) & nmask;
                nt[g] = k->lim[i];
            }
            free(k->lim); k->lim = nt; k->lcap = ncap;
            mask = nmask; h = mix(lo ^ mix(hi)) & mask;
            while (k->lim[h].lims) h = (h + 1) & mask;
        }
    }
    gil_give(k);
    if (!out) { k->stop = STOP_ERROR; return NULL; }
    k->lim[h].lo = lo; k->lim[h].hi = hi; k->lim[h].lims = out; k->lcount++;
    return out;
}

/* Something is due at position n (solver_win's count()): the position limit, a restart, the
 * clock and progress tick; here also a check for signals. Nonzero: stop the search. */
static int on_event(K *k, long long n) {
    if (n >= k->limit1) { k->n = n - 1; k->stop = STOP_LIMIT; return 1; }
    if (n >= k->restart_at) { k->n = n; k->stop = STOP_RESTART; return 1; }
    k->n = n;
    if (n >= k->next_tick || n >= k->next_signal) {
        gil_take(k);
        int bad = 0;
        if (n >= k->next_tick) {
            PyObject *v = PyLong_FromLongLong(n), *r = NULL;
            if (v && PyObject_SetAttrString(k->search, "visited_total", v) == 0)
                r = PyObject_CallNoArgs(k->tick);
            Py_XDECREF(v);
            if (!r) bad = 1;
            Py_XDECREF(r);
            k->next_tick += k->clock;
        }
        if (!bad && n >= k->next_signal) {
            if (PyErr_CheckSignals() < 0) bad = 1;
            k->next_signal += SIGNAL_EVERY;
        }
        gil_give(k);
        if (bad) { k->stop = STOP_ERROR; return 1; }
    }
    long long e = k->limit1 < k->restart_at ? k->limit1 : k->restart_at;
    if (k->next_tick < e) e = k->next_tick;
    if (k->next_signal < e) e = k->next_signal;
    k->event = e;
    return 0;
}

/* One more position searched: nonzero when the search must stop. */
#define COUNT(k) (++(k)->n >= (k)->event && on_event((k), (k)->n))

/* out = a + b (mod 2^(64 W)); whether every bit of hi is set in out. */
static inline int add_check(uint64_t *out, const uint64_t *a, const uint64_t *b,
                            const uint64_t *hi, int W) {
    unsigned __int128 carry = 0;
    uint64_t bad = 0;
    for (int i = 0; i < W; i++) {
        carry += (unsigned __int128)a[i] + b[i];
        out[i] = (uint64_t)carry;
        carry >>= 64;
        bad |= ~out[i] & hi[i];
    }
    return bad == 0;
}

/* The search from (heights, s, w): 1 won, 0 lost, -1 stopped (k->stop says why). */
static int dfs(K *k, int s, int w, uint32_t hc, const uint64_t *vec, uint64_t tp, int64_t tt,
               int left, const int *lims) {
    if (COUNT(k)) return -1;
    int depth = k->total - left + s;
    if (left < k->best_left) {
        k->best_left = left;
        memcpy(k->best_path, k->path, sizeof(int) * depth);
        k->best_len = depth;
    }
    const int W = k->W;
    uint64_t v2[MAXW];
    if (s > lims[w]) {
        k->n_segment++;
    } else {
        uint32_t ok = k->okbits[w];
        int keys[7], n_plays = 0;
        for (int i = 0; i < 7; i++)
            if (ok >> ((tt >> (4 * i)) & 15) & 1) keys[n_plays++] = i;
        if (n_plays) {
            if (left == 1) {
                k->path[depth] = keys[0];
                memcpy(k->best_path, k->path, sizeof(int) * (depth + 1));
                k->best_len = depth + 1;
                return 1;
            }
            if (n_plays > 1) {
                for (int j = 0; j < n_plays; j++)
                    keys[j] = k->prio[keys[j] * 6 + k->heights[keys[j]]];
                for (int j = 1; j < n_plays; j++) {        /* insertion sort, keys distinct */
                    int x = keys[j], m = j - 1;
                    while (m >= 0 && keys[m] > x) { keys[m + 1] = keys[m]; m--; }
                    keys[m + 1] = x;
                }
            }
            uint32_t slot = SLOT(k, s);
            const uint64_t *pvw = k->pv + (size_t)w * NAT * W;
            for (int j = 0; j < n_plays; j++) {
                int i = keys[j] & 7;
                int card = (int)(tt >> (4 * i) & 15);
                uint32_t nh = hc - k->pow16[i];
                if (lost_get(k, slot | nh | (uint32_t)card) <= s) continue;
                int h = k->heights[i], at = i * 6 + h;
                if (!add_check(v2, vec, pvw + (size_t)at * W, k->hi, W)) {
                    k->n_match++;                    /* searched too: a bound rejects it */
                    if (COUNT(k)) return -1;
                    continue;
                }
                k->path[depth] = i;
                uint64_t tp2 = tp - k->tshift[card];
                const int *lims2;
                if (tp2 & k->stay[card]) lims2 = lims;
                else if (tp2 & 7) lims2 = k->no_limits;
                else {
                    uint64_t lo = (tp2 | tp2 >> 1 | tp2 >> 2) & k->rank_bits;
                    lims2 = limits_of(k, lo, tp2 & k->ender_fields);
                    if (!lims2) return -1;
                }
                k->heights[i] = h - 1;
                int r = dfs(k, s, card, nh, v2, tp2, tt + k->tdel[at], left - 1, lims2);
                if (r) return r;
                k->heights[i] = h;
            }
        }
        if (s < k->n_stock && k->draw_ok[n_plays > 0]) {
            int card = k->stock[s];
            if (lost_get(k, SLOT(k, s + 1) | hc | (uint32_t)card) > s + 1) {
                if (!add_check(v2, vec, k->dv + ((size_t)s * 16 + w) * W, k->hi, W)) {
                    k->n_match++;
                    if (COUNT(k)) return -1;
                } else {
                    k->path[depth] = 7;
                    int r = dfs(k, s + 1, card, hc, v2, tp, tt, left, lims);
                    if (r) return r;
                }
            }
        }
    }
    if (lost_put(k, SLOT(k, s) | hc | (uint32_t)w, s) < 0) {
        gil_take(k); PyErr_NoMemory(); gil_give(k);
        k->stop = STOP_ERROR;
        return -1;
    }
    return 0;
}

static long long luby(long long i) {
    int kk = 1;
    while ((1LL << kk) - 1 < i) kk++;
    while (i != (1LL << kk) - 1) {
        i -= (1LL << (kk - 1)) - 1;
        kk = 1;
        while ((1LL << kk) - 1 < i) kk++;
    }
    return 1LL << (kk - 1);
}

static int read_ints(PyObject *obj, int *out, Py_ssize_t n, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd numbers", what, n);
        Py_DECREF(seq); return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

static int need_len(Py_ssize_t got, Py_ssize_t want, const char *what) {
    if (got != want) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes, got %zd", what, want, got);
        return -1;
    }
    return 0;
}

static void k_free(K *k) {
    free(k->path); free(k->best_path); free(k->keys); free(k->vals);
    if (k->lim) for (uint64_t i = 0; i < k->lcap; i++) free(k->lim[i].lims);
    free(k->lim);
}

PyDoc_STRVAR(search_doc,
"search(W, hi, vec, pv, dv, tdel, okbits, stock, tshift, stay, heights, total, start_w,\n"
"       hcode, tp0, tops, rank_bits, ender_fields, draw_ok0, draw_ok1, shared, best_left,\n"
"       n0, limit1, next_tick, clock, first_run, restart_unit, search, tick, chain_limits,\n"
"       ordering, out) -> status\n\n"
"The win search of solver_win over tables flattened by solver_kernel. Fills out with\n"
"[won, positions, matching prunes, segment prunes, best_left, best_path] and returns 0 when\n"
"it finished, 1 when the position limit stopped it; raises what tick, chain_limits or\n"
"ordering raised (out filled first).");

static PyObject *py_search(PyObject *self, PyObject *args) {
    int W, total, start_w, draw0, draw1, shared, best_left, first_run, restart_unit;
    long long hcode, n0, limit1, next_tick, clock;
    unsigned long long tp0, tops, rank_bits, ender_fields;
    const char *hi, *vec, *pv, *dv, *tdel, *okbits, *stock, *tshift, *stay, *heights;
    Py_ssize_t hi_n, vec_n, pv_n, dv_n, tdel_n, ok_n, stock_n, tsh_n, stay_n, h_n;
    PyObject *search, *tick, *chain_limits, *ordering, *out;
    if (!PyArg_ParseTuple(args, "iy#y#y#y#y#y#y#y#y#y#iiLKKKKiiiiLLLLiiOOOOO!:search",
                          &W, &hi, &hi_n, &vec, &vec_n, &pv, &pv_n, &dv, &dv_n, &tdel, &tdel_n,
                          &okbits, &ok_n, &stock, &stock_n, &tshift, &tsh_n, &stay, &stay_n,
                          &heights, &h_n, &total, &start_w, &hcode, &tp0, &tops, &rank_bits,
                          &ender_fields, &draw0, &draw1, &shared, &best_left, &n0, &limit1,
                          &next_tick, &clock, &first_run, &restart_unit, &search, &tick,
                          &chain_limits, &ordering, &PyList_Type, &out))
        return NULL;
    if (W < 1 || W > MAXW) { PyErr_SetString(PyExc_ValueError, "vec too wide"); return NULL; }
    size_t wb = (size_t)W * 8;
    int n_stock = (int)stock_n;
    if (n_stock > 60 || total < 1 || total > 35 || clock < 1) {
        PyErr_SetString(PyExc_ValueError, "position out of the kernel's range");
        return NULL;
    }
    if (need_len(hi_n, wb, "hi") || need_len(vec_n, wb, "vec")
        || need_len(pv_n, 16 * NAT * wb, "pv") || need_len(dv_n, n_stock * 16 * wb, "dv")
        || need_len(tdel_n, NAT * 8, "tdel") || need_len(ok_n, 16 * 4, "okbits")
        || need_len(tsh_n, 16 * 8, "tshift") || need_len(stay_n, 16 * 8, "stay")
        || need_len(h_n, 7, "heights"))
        return NULL;
    K k;
    memset(&k, 0, sizeof k);
    k.W = W; k.total = total; k.n_stock = n_stock; k.shared = shared;
    k.draw_ok[0] = draw0; k.draw_ok[1] = draw1;
    k.hi = (const uint64_t *)hi; k.pv = (const uint64_t *)pv; k.dv = (const uint64_t *)dv;
    memcpy(k.tdel, tdel, sizeof k.tdel);
    memcpy(k.okbits, okbits, sizeof k.okbits);
    for (int i = 0; i < n_stock; i++) k.stock[i] = (unsigned char)stock[i];
    memcpy(k.tshift, tshift, sizeof k.tshift);
    memcpy(k.stay, stay, sizeof k.stay);
    k.rank_bits = rank_bits; k.ender_fields = ender_fields;
    uint32_t p = 16;
    for (int i = 0; i < 7; i++) { k.pow16[i] = p; p *= 6; }
    for (int i = 0; i < 16; i++) k.no_limits[i] = n_stock;
    k.best_left = best_left;
    k.n = n0; k.limit1 = limit1; k.next_tick = next_tick; k.clock = clock;
    k.next_signal = n0 + SIGNAL_EVERY;
    k.search = search; k.tick = tick; k.chain_limits = chain_limits;
    k.path = calloc(total + n_stock + 1, sizeof(int));
    k.best_path = calloc(total + n_stock + 1, sizeof(int));
    k.cap = 1 << 12; k.lg = 12; k.keys = calloc(k.cap, sizeof(uint32_t)); k.vals = calloc(k.cap, 1);
    k.lcap = 64; k.lim = calloc(k.lcap, sizeof(LimEnt));
    if (!k.path || !k.best_path || !k.keys || !k.vals || !k.lim) {
        k_free(&k); PyErr_NoMemory(); return NULL;
    }
    uint64_t vec0[MAXW];
    memcpy(vec0, vec, wb);
    int init_heights[7];
    for (int i = 0; i < 7; i++) init_heights[i] = (unsigned char)heights[i];
    const int *lims0 = k.no_limits;
    int won = 0, status = 0;
    k.ts = PyEval_SaveThread();
    if (!(tp0 & 7)) {
        lims0 = limits_of(&k, (tp0 | tp0 >> 1 | tp0 >> 2) & rank_bits, tp0 & ender_fields);
        if (!lims0) status = -1;
    }
    for (long long run = 0; status == 0; run++) {
        memcpy(k.heights, init_heights, sizeof init_heights);
        gil_take(&k);
        PyObject *order = PyObject_CallFunction(ordering, "L", run);
        int bad = !order || read_ints(order, k.prio, NAT, "ordering") < 0;
        Py_XDECREF(order);
        gil_give(&k);
        if (bad) { status = -1; break; }
        k.restart_at = k.n + (run == 0 ? first_run : restart_unit * luby(run));
        long long e = k.limit1 < k.restart_at ? k.limit1 : k.restart_at;
        if (k.next_tick < e) e = k.next_tick;
        if (k.next_signal < e) e = k.next_signal;
        k.event = e;
        k.stop = STOP_NONE;
        int r = dfs(&k, 0, start_w, (uint32_t)hcode << 4, vec0, tp0, (int64_t)tops, total, lims0);
        if (r >= 0) { won = r; break; }
        if (k.stop == STOP_RESTART) continue;
        status = k.stop == STOP_LIMIT ? 1 : -1;
    }
    PyEval_RestoreThread(k.ts);
    /* out = [won, positions, matching prunes, segment prunes, best_left, best_path] */
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    PyObject *line = PyList_New(k.best_len);
    for (int i = 0; line && i < k.best_len; i++)
        PyList_SET_ITEM(line, i, PyLong_FromLong(k.best_path[i]));
    PyObject *items = line ? Py_BuildValue("[OLLLiN]", won ? Py_True : Py_False, k.n,
                                           k.n_match, k.n_segment, k.best_left, line) : NULL;
    k_free(&k);
    if (!items || PyList_SetSlice(out, 0, PyList_GET_SIZE(out), items) < 0) {
        Py_XDECREF(items); Py_XDECREF(exc_type); Py_XDECREF(exc_value); Py_XDECREF(exc_tb);
        return NULL;
    }
    Py_DECREF(items);
    if (status < 0) {
        PyErr_Restore(exc_type, exc_value, exc_tb);
        return NULL;
    }
    return PyLong_FromLong(status);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_winkernel",
    "The compiled twin of golfcore.solitaire.search.solver_win's search (optional).", -1, methods
};

PyMODINIT_FUNC PyInit__winkernel(void) { return PyModule_Create(&module); }
