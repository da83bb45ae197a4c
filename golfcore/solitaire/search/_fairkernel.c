/* _fairkernel.c: the compiled twin of golfcore/solitaire/search/fair_rank.py.
 *
 * An optional accelerator: the same algorithm as fair_rank.RankEngine, evaluated in the same
 * order with the same double operations, so it returns the same doubles and counts the same
 * states (tests/test_fair_exact.py compares the two bit for bit). Read fair_rank.py for what
 * each function computes and docs/fair.md ("The rank engine") for why each reduction is exact;
 * the comments here only say how the C differs in its data structures.
 *
 * Keys: a decision node is hk | (top + 1) << 21 | ucode << 25, a draw node the same with
 * top + 1 = 0, where hk packs the 7 heights 3 bits each and ucode is the stars-and-bars code of
 * the pooled unseen counts (n + ncls <= 39 bits). Built with -ffp-contract=off: no fused
 * multiply-add, so every double is rounded as Python rounds it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stddef.h>

#define TICK_EVERY 1024

typedef struct { uint64_t key; double lo, hi; } Ent;
typedef struct { uint32_t key, na, nd, ca, cd; uint64_t *a, *d; } HW;

typedef struct {
    PyObject_HEAD
    int ncls;
    uint32_t acc[16], feeders[16];
    int draw[2];
    int col[7][8], colh[7];
    int has_chains, bipartite;
    int linked[14][14], ender[14];
    uint64_t guard;
    /* the current state */
    int ht[7], cnt[16], n, tcount[16], top;
    /* memo */
    Ent *tab; uint64_t tcap, tcount_;
    HW *hw; uint64_t hwcap, hwcount;
    unsigned char *canw;           /* [mask][w], 0xFF = not yet computed */
    /* budget */
    long long states, exists_states, limit;
    PyObject *tick;
    jmp_buf abort_to;
} Engine;

static PyObject *StopError;        /* fair_rank.Stop */

enum { ABORT_STOP = 1, ABORT_PYERR = 2, ABORT_MEMORY = 3 };

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27; x *= 0x94d049bb133111ebull;
    x ^= x >> 31; return x;
}

static void *xcalloc(Engine *e, size_t n, size_t size) {
    void *p = calloc(n, size);
    if (!p) longjmp(e->abort_to, ABORT_MEMORY);
    return p;
}

/* ---------------- the memo of values: key -> [lo, hi] ---------------- */

static Ent *tab_find(Engine *e, uint64_t key) {
    uint64_t mask = e->tcap - 1, h = mix(key) & mask;
    while (e->tab[h].key) {
        if (e->tab[h].key == key) return &e->tab[h];
        h = (h + 1) & mask;
    }
    return NULL;
}

static Ent *tab_put(Engine *e, uint64_t key) {
    if (2 * (e->tcount_ + 1) > e->tcap) {
        uint64_t ncap = e->tcap * 2, nmask = ncap - 1;
        Ent *nt = xcalloc(e, ncap, sizeof(Ent));
        for (uint64_t i = 0; i < e->tcap; i++) if (e->tab[i].key) {
            uint64_t g = mix(e->tab[i].key) & nmask;
            while (nt[g].key) g = (g + 1) & nmask;
            nt[g] = e->tab[i];
        }
        free(e->tab);
        e->tab = nt; e->tcap = ncap;
    }
    uint64_t mask = e->tcap - 1, h = mix(key) & mask;
    while (e->tab[h].key) h = (h + 1) & mask;
    e->tab[h].key = key; e->tcount_++;
    return &e->tab[h];
}

static void store(Engine *e, uint64_t key, double g, double a, double b) {
    Ent *x = tab_find(e, key);
    double lo = x ? x->lo : 0.0, hi = x ? x->hi : 1.0;
    if (g <= a) { if (g < hi) hi = g; }
    else if (g >= b) { if (g > lo) lo = g; }
    else lo = hi = g;
    if (lo > hi) lo = hi;
    if (!x) x = tab_put(e, key);
    x->lo = lo; x->hi = hi;
}

/* ---------------- antichains of "some order wins" ---------------- */

static HW *hw_get(Engine *e, uint32_t key) {
    uint64_t mask = e->hwcap - 1, h = mix(key) & mask;
    while (e->hw[h].key) {
        if (e->hw[h].key == key) return &e->hw[h];
        h = (h + 1) & mask;
    }
    if (2 * (e->hwcount + 1) > e->hwcap) {
        uint64_t ncap = e->hwcap * 2, nmask = ncap - 1;
        HW *nt = xcalloc(e, ncap, sizeof(HW));
        for (uint64_t i = 0; i < e->hwcap; i++) if (e->hw[i].key) {
            uint64_t g = mix(e->hw[i].key) & nmask;
            while (nt[g].key) g = (g + 1) & nmask;
            nt[g] = e->hw[i];
        }
        free(e->hw);
        e->hw = nt; e->hwcap = ncap; mask = nmask;
        h = mix(key) & mask;
        while (e->hw[h].key) h = (h + 1) & mask;
    }
    e->hw[h].key = key; e->hwcount++;
    return &e->hw[h];
}

static inline int subset4(uint64_t guard, uint64_t u, uint64_t v) {   /* u <= v */
    return (((v | guard) - u) & guard) == guard;
}

static void list_add(Engine *e, uint64_t **arr, uint32_t *n, uint32_t *cap, uint64_t u,
                     int alive) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < *n; i++) {
        uint64_t v = (*arr)[i];
        if (alive ? subset4(e->guard, u, v) : subset4(e->guard, v, u)) continue;
        (*arr)[k++] = v;
    }
    *n = k;
    if (*n == *cap) {
        uint32_t nc = *cap ? 2 * *cap : 4;
        uint64_t *p = realloc(*arr, nc * sizeof(uint64_t));
        if (!p) longjmp(e->abort_to, ABORT_MEMORY);
        *arr = p; *cap = nc;
    }
    (*arr)[(*n)++] = u;
}

/* ---------------- the state ---------------- */

static inline int left_of(Engine *e) {
    int s = 0;
    for (int i = 0; i < 7; i++) s += e->ht[i];
    return s;
}
static inline uint64_t hk_of(Engine *e) {
    uint64_t k = 0;
    for (int i = 0; i < 7; i++) k |= (uint64_t)e->ht[i] << (3 * i);
    return k;
}
static inline uint32_t exposed(Engine *e) {
    uint32_t m = 0;
    for (int i = 0; i < 7; i++) if (e->ht[i]) m |= 1u << e->col[i][e->ht[i] - 1];
    return m;
}
static inline uint32_t remaining(Engine *e) {
    uint32_t m = 0;
    for (int c = 0; c < e->ncls; c++) if (e->tcount[c]) m |= 1u << c;
    return m;
}
static inline int canw(Engine *e, uint32_t mask, int w) {
    unsigned char *slot = &e->canw[(size_t)mask * 16 + w];
    if (*slot == 0xFF) {
        uint32_t target = e->acc[w] & mask;
        int found = w;
        for (int v = 0; v < w; v++) if ((e->acc[v] & mask) == target) { found = v; break; }
        *slot = (unsigned char)found;
    }
    return *slot;
}
static inline uint64_t ucode(Engine *e, uint32_t rmask) {
    int m[16] = {0};
    for (int x = 0; x < e->ncls; x++) if (e->cnt[x]) m[canw(e, rmask, x)] += e->cnt[x];
    uint64_t code = 0; int pos = 0;
    for (int x = 0; x < e->ncls; x++) { code |= ((1ull << m[x]) - 1) << pos; pos += m[x] + 1; }
    return code;
}
static inline int play(Engine *e, int i) {
    int h = --e->ht[i];
    int card = e->col[i][h];
    e->tcount[card]--;
    return card;
}
static inline void unplay(Engine *e, int i, int card) {
    e->ht[i]++;
    e->tcount[card]++;
}

static void expand(Engine *e) {
    e->states++;
    if (e->limit >= 0 && e->states > e->limit) longjmp(e->abort_to, ABORT_STOP);
    if (e->tick && !(e->states % TICK_EVERY)) {
        PyObject *r = PyObject_CallFunction(e->tick, "L", e->states);
        if (!r) longjmp(e->abort_to, ABORT_PYERR);
        Py_DECREF(r);
    }
}

/* ---------------- "does some order win?" ---------------- */

static int chain_runs(Engine *e) {
    int seg[8][3], ns = 0, prev = 0, cur = -1;
    for (int r = 1; r < 14; r++) {
        int k = e->tcount[r];
        if (!k) continue;
        if (cur < 0 || !e->linked[prev][r]) {
            cur = ns++;
            seg[cur][0] = seg[cur][1] = seg[cur][2] = 0;
        }
        seg[cur][r & 1] += k;
        if (e->ender[r]) seg[cur][2] += k;
        prev = r;
    }
    if (ns > 1 && e->tcount[13] && e->tcount[1] && e->linked[13][1]) {
        ns--;
        for (int k = 0; k < 3; k++) seg[0][k] += seg[ns][k];
    }
    int runs = 0;
    for (int s = 0; s < ns; s++) {
        int need = 1;
        if (e->bipartite) {
            int d = seg[s][1] - seg[s][0];
            if (d < 0) d = -d;
            if (d > need) need = d;
        }
        if (seg[s][2] > need) need = seg[s][2];
        runs += need;
    }
    return runs;
}

static int dead(Engine *e, int top) {
    for (int i = 0; i < 7; i++) {
        int h = e->ht[i];
        if (!h) continue;
        int own[16] = {0};
        for (int j = 0; j < h; j++) own[e->col[i][j]]++;
        uint32_t base = 0;
        for (int c = 0; c < e->ncls; c++)
            if (e->cnt[c] || e->tcount[c] > own[c]) base |= 1u << c;
        uint32_t above = 1u << top;
        for (int j = h - 1; j >= 0; j--) {
            int r = e->col[i][j];
            if (!(e->feeders[r] & (base | above))) return 1;
            above = 1u << r;
        }
    }
    if (e->has_chains && !e->tcount[0] && chain_runs(e) > e->n + 1) return 1;
    return 0;
}

static int exists(Engine *e, int top) {
    if (!left_of(e)) return 1;
    top = canw(e, exposed(e), top);
    uint32_t key = (uint32_t)(hk_of(e) | ((uint64_t)(top + 1) << 21));
    uint64_t u = 0;
    for (int c = 0; c < e->ncls; c++) u |= (uint64_t)e->cnt[c] << (4 * c);
    HW *h = hw_get(e, key);
    for (uint32_t i = 0; i < h->na; i++) if (subset4(e->guard, h->a[i], u)) return 1;
    for (uint32_t i = 0; i < h->nd; i++) if (subset4(e->guard, u, h->d[i])) return 0;
    if (dead(e, top)) return 0;
    e->exists_states++;
    expand(e);
    int res = 0, can = 0;
    for (int i = 0; i < 7 && !res; i++) {
        if (!e->ht[i] || !((e->acc[top] >> e->col[i][e->ht[i] - 1]) & 1)) continue;
        can = 1;
        int card = play(e, i);
        res = exists(e, card);
        unplay(e, i, card);
    }
    if (!res && e->n && e->draw[can]) {
        for (int x = 0; x < e->ncls && !res; x++) {
            if (!e->cnt[x]) continue;
            e->cnt[x]--; e->n--;
            for (int i = 0; i < 7 && !res; i++) {
                if (!e->ht[i] || !((e->acc[x] >> e->col[i][e->ht[i] - 1]) & 1)) continue;
                int card = play(e, i);
                res = exists(e, card);
                unplay(e, i, card);
            }
            e->cnt[x]++; e->n++;
        }
    }
    h = hw_get(e, key);            /* the table may have moved */
    if (res) list_add(e, &h->a, &h->na, &h->ca, u, 1);
    else list_add(e, &h->d, &h->nd, &h->cd, u, 0);
    return res;
}

/* ---------------- the fair value ---------------- */

static double V(Engine *e, int top, double alpha, double beta, int known);

static double D(Engine *e, double alpha, double beta) {
    uint32_t rmask = remaining(e);
    uint64_t hk = hk_of(e), uc = ucode(e, rmask);
    uint64_t key = hk | (uc << 25);
    Ent *x = tab_find(e, key);
    if (x) {
        if (x->lo == x->hi || x->hi <= alpha) return x->hi;
        if (x->lo >= beta) return x->lo;
        if (x->lo > alpha) alpha = x->lo;
        if (x->hi < beta) beta = x->hi;
    }
    expand(e);
    int n = e->n, no = 0, xs[16], ws[16];
    double lo[16], hi[16];
    uint32_t emask = exposed(e), done = 0;
    e->n--;
    int left = left_of(e);
    for (int c = 0; c < e->ncls; c++) {
        if (!e->cnt[c]) continue;
        int rep = canw(e, rmask, c);
        if ((done >> rep) & 1) continue;
        done |= 1u << rep;
        int w = 0;
        for (int y = c; y < e->ncls; y++) if (e->cnt[y] && canw(e, rmask, y) == rep) w += e->cnt[y];
        e->cnt[c]--;
        double clo = 0.0, chi = 1.0;
        if (left) {
            uint64_t ck = hk | ((uint64_t)(canw(e, emask, c) + 1) << 21) | (ucode(e, rmask) << 25);
            Ent *ce = tab_find(e, ck);
            if (ce) { clo = ce->lo; chi = ce->hi; }
            else if (!exists(e, c)) chi = 0.0;
        }
        e->cnt[c]++;
        xs[no] = c; ws[no] = w; lo[no] = clo; hi[no] = chi; no++;
    }
    double g;
    int i = 0;
    for (;;) {
        double tl = 0.0, th = 0.0;
        for (int j = 0; j < no; j++) { tl += ws[j] * lo[j]; th += ws[j] * hi[j]; }
        tl /= n; th /= n;
        if (th <= alpha) { g = th; break; }
        if (tl >= beta) { g = tl; break; }
        int full = 0;
        if (i >= no) {
            int j = 0;
            while (j < no && lo[j] == hi[j]) j++;
            if (j == no) { g = tl; break; }
            i = j; full = 1;
        }
        if (lo[i] == hi[i]) { i++; continue; }
        double p = (double)ws[i] / n;
        double ai = (alpha - (th - p * hi[i])) / p, bi = (beta - (tl - p * lo[i])) / p;
        if (full) { ai = -1.0; bi = 2.0; }
        if (ai < lo[i]) ai = lo[i];
        if (bi > hi[i]) bi = hi[i];
        e->cnt[xs[i]]--;
        double v = V(e, xs[i], ai, bi, 1);
        e->cnt[xs[i]]++;
        if (v <= ai) { if (v < hi[i]) hi[i] = v; }
        else if (v >= bi) { if (v > lo[i]) lo[i] = v; }
        else lo[i] = hi[i] = v;
        if (lo[i] > hi[i]) lo[i] = hi[i];
        i++;
    }
    e->n++;
    store(e, key, g, alpha, beta);
    return g;
}

static double V(Engine *e, int top, double alpha, double beta, int known) {
    if (!left_of(e)) return 1.0;
    top = canw(e, exposed(e), top);
    uint64_t key = hk_of(e) | ((uint64_t)(top + 1) << 21) | (ucode(e, remaining(e)) << 25);
    Ent *x = tab_find(e, key);
    if (x) {
        if (x->lo == x->hi || x->hi <= alpha) return x->hi;
        if (x->lo >= beta) return x->lo;
        if (x->lo > alpha) alpha = x->lo;
        if (x->hi < beta) beta = x->hi;
    } else if (!known && !exists(e, top)) return 0.0;
    expand(e);
    if (beta > 1.0) beta = 1.0;
    if (alpha < 0.0) alpha = 0.0;
    double best = 0.0;
    int can = 0;
    for (int i = 0; i < 7; i++) {
        if (!e->ht[i] || !((e->acc[top] >> e->col[i][e->ht[i] - 1]) & 1)) continue;
        can = 1;
        int card = play(e, i);
        double v = V(e, card, best > alpha ? best : alpha, beta, 0);
        unplay(e, i, card);
        if (v > best) { best = v; if (best >= beta) break; }
    }
    if (best < beta && e->n && e->draw[can]) {
        double s = D(e, best > alpha ? best : alpha, beta);
        if (s > best) best = s;
    }
    store(e, key, best, alpha, beta);
    return best;
}

/* ---------------- the Python object ---------------- */

static int read_ints(PyObject *seq, int *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    if (k > most) { Py_DECREF(fast); PyErr_Format(PyExc_ValueError, "too many %s", what); return -1; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)k;
}

static void engine_free_tables(Engine *e) {
    free(e->tab); e->tab = NULL;
    if (e->hw) {
        for (uint64_t i = 0; i < e->hwcap; i++) { free(e->hw[i].a); free(e->hw[i].d); }
        free(e->hw); e->hw = NULL;
    }
    free(e->canw); e->canw = NULL;
}

static void Engine_dealloc(Engine *e) {
    engine_free_tables(e);
    Py_XDECREF(e->tick);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

/* Engine(ncls, acc, (draw_stuck, draw_free), columns, chains or None) */
static int Engine_init(Engine *e, PyObject *args, PyObject *kw) {
    int ncls;
    PyObject *acc, *draw, *columns, *chains;
    if (!PyArg_ParseTuple(args, "iOOOO", &ncls, &acc, &draw, &columns, &chains)) return -1;
    if (ncls < 1 || ncls > 15) { PyErr_SetString(PyExc_ValueError, "ncls must be 1..15"); return -1; }
    engine_free_tables(e);
    memset(&e->ncls, 0, offsetof(Engine, tick) - offsetof(Engine, ncls));
    e->ncls = ncls;
    int a[16];
    if (read_ints(acc, a, 16, "acc") != ncls) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "acc needs ncls masks");
        return -1;
    }
    for (int w = 0; w < ncls; w++) e->acc[w] = (uint32_t)a[w];
    for (int r = 0; r < ncls; r++)
        for (int w = 0; w < ncls; w++) if ((e->acc[w] >> r) & 1) e->feeders[r] |= 1u << w;
    if (read_ints(draw, e->draw, 2, "draw") != 2) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "draw needs 2 flags");
        return -1;
    }
    PyObject *cols = PySequence_Fast(columns, "columns");
    if (!cols) return -1;
    if (PySequence_Fast_GET_SIZE(cols) != 7) {
        Py_DECREF(cols); PyErr_SetString(PyExc_ValueError, "7 columns"); return -1;
    }
    for (int i = 0; i < 7; i++) {
        int k = read_ints(PySequence_Fast_GET_ITEM(cols, i), e->col[i], 7, "cards in a column");
        if (k < 0) { Py_DECREF(cols); return -1; }
        e->colh[i] = k;
    }
    Py_DECREF(cols);
    if (chains != Py_None) {
        PyObject *linked, *ender; int bip;
        if (!PyArg_ParseTuple(chains, "OOp", &linked, &ender, &bip)) return -1;
        PyObject *rows = PySequence_Fast(linked, "linked");
        if (!rows) return -1;
        if (PySequence_Fast_GET_SIZE(rows) != 14) { Py_DECREF(rows); PyErr_SetString(PyExc_ValueError, "linked 14x14"); return -1; }
        for (int r = 0; r < 14; r++)
            if (read_ints(PySequence_Fast_GET_ITEM(rows, r), e->linked[r], 14, "linked") != 14) {
                Py_DECREF(rows);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "linked 14x14");
                return -1;
            }
        Py_DECREF(rows);
        if (read_ints(ender, e->ender, 14, "ender") != 14) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ender needs 14");
            return -1;
        }
        e->has_chains = 1; e->bipartite = bip;
    }
    for (int c = 0; c < ncls; c++) e->guard |= 8ull << (4 * c);
    e->tcap = 1 << 12; e->tab = calloc(e->tcap, sizeof(Ent));
    e->hwcap = 1 << 12; e->hw = calloc(e->hwcap, sizeof(HW));
    e->canw = malloc((size_t)(1u << ncls) * 16);
    if (!e->tab || !e->hw || !e->canw) { engine_free_tables(e); PyErr_NoMemory(); return -1; }
    memset(e->canw, 0xFF, (size_t)(1u << ncls) * 16);
    e->limit = -1;
    return 0;
}

static PyObject *Engine_set_state(Engine *e, PyObject *args) {
    PyObject *heights, *counts; int top;
    if (!PyArg_ParseTuple(args, "OiO", &heights, &top, &counts)) return NULL;
    int ht[16], cnt[16] = {0};
    if (read_ints(heights, ht, 16, "heights") != 7) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "7 heights");
        return NULL;
    }
    int k = read_ints(counts, cnt, 16, "counts");
    if (k < 0) return NULL;
    if (top < 0 || top >= e->ncls) { PyErr_SetString(PyExc_ValueError, "bad top"); return NULL; }
    int n = 0;
    for (int c = 0; c < 16; c++) {
        if (cnt[c] < 0 || cnt[c] > 7 || (c >= e->ncls && cnt[c])) {
            PyErr_SetString(PyExc_ValueError, "bad counts"); return NULL;
        }
        n += cnt[c];
    }
    for (int i = 0; i < 7; i++)
        if (ht[i] < 0 || ht[i] > e->colh[i]) { PyErr_SetString(PyExc_ValueError, "bad height"); return NULL; }
    if (n + e->ncls > 39) { PyErr_SetString(PyExc_ValueError, "too many unseen cards"); return NULL; }
    memcpy(e->ht, ht, sizeof e->ht);
    memcpy(e->cnt, cnt, sizeof e->cnt);
    e->n = n; e->top = top;
    memset(e->tcount, 0, sizeof e->tcount);
    for (int i = 0; i < 7; i++) for (int j = 0; j < ht[i]; j++) e->tcount[e->col[i][j]]++;
    Py_RETURN_NONE;
}

static PyObject *Engine_solve(Engine *e, PyObject *args) {
    int action; double alpha, beta;
    if (!PyArg_ParseTuple(args, "idd", &action, &alpha, &beta)) return NULL;
    if (action < -1 || action > 7) { PyErr_SetString(PyExc_ValueError, "bad action"); return NULL; }
    if (action == 7 && !e->n) { PyErr_SetString(PyExc_ValueError, "no card to draw"); return NULL; }
    if (action >= 0 && action < 7 && !e->ht[action]) { PyErr_SetString(PyExc_ValueError, "empty column"); return NULL; }
    int ht[7], cnt[16], tc[16], n = e->n;
    memcpy(ht, e->ht, sizeof ht); memcpy(cnt, e->cnt, sizeof cnt); memcpy(tc, e->tcount, sizeof tc);
    double g = 0.0;
    int why = setjmp(e->abort_to);
    if (!why) {
        if (action == -1) g = V(e, e->top, alpha, beta, 0);
        else if (action == 7) g = D(e, alpha, beta);
        else { int card = play(e, action); g = V(e, card, alpha, beta, 0); }
    }
    memcpy(e->ht, ht, sizeof ht); memcpy(e->cnt, cnt, sizeof cnt); memcpy(e->tcount, tc, sizeof tc);
    e->n = n;
    if (why == ABORT_STOP) { PyErr_SetNone(StopError); return NULL; }
    if (why == ABORT_PYERR) return NULL;
    if (why == ABORT_MEMORY) return PyErr_NoMemory();
    return PyFloat_FromDouble(g);
}

static PyObject *Engine_peek(Engine *e, PyObject *args) {
    int action;
    if (!PyArg_ParseTuple(args, "i", &action)) return NULL;
    if (action < -1 || action > 7 || (action >= 0 && action < 7 && !e->ht[action])) {
        PyErr_SetString(PyExc_ValueError, "bad action"); return NULL;
    }
    int ht[7], tc[16];
    memcpy(ht, e->ht, sizeof ht); memcpy(tc, e->tcount, sizeof tc);
    uint64_t key = 0; int won = 0;
    if (action == 7) key = hk_of(e) | (ucode(e, remaining(e)) << 25);
    else {
        int top = action == -1 ? e->top : play(e, action);
        if (!left_of(e)) won = 1;
        else key = hk_of(e) | ((uint64_t)(canw(e, exposed(e), top) + 1) << 21)
                   | (ucode(e, remaining(e)) << 25);
    }
    memcpy(e->ht, ht, sizeof ht); memcpy(e->tcount, tc, sizeof tc);
    if (won) return Py_BuildValue("(dd)", 1.0, 1.0);
    Ent *x = tab_find(e, key);
    if (x) return Py_BuildValue("(dd)", x->lo, x->hi);
    return Py_BuildValue("(dd)", 0.0, 1.0);
}

static PyObject *Engine_get_states(Engine *e, void *c) { return PyLong_FromLongLong(e->states); }
static PyObject *Engine_get_exists(Engine *e, void *c) { return PyLong_FromLongLong(e->exists_states); }
static PyObject *Engine_get_memo(Engine *e, void *c) { return PyLong_FromUnsignedLongLong(e->tcount_); }
static PyObject *Engine_get_limit(Engine *e, void *c) {
    if (e->limit < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(e->limit);
}
static int Engine_set_limit(Engine *e, PyObject *v, void *c) {
    if (!v || v == Py_None) { e->limit = -1; return 0; }
    long long k = PyLong_AsLongLong(v);
    if (k == -1 && PyErr_Occurred()) return -1;
    e->limit = k < 0 ? 0 : k;
    return 0;
}
static PyObject *Engine_get_tick(Engine *e, void *c) {
    if (!e->tick) Py_RETURN_NONE;
    Py_INCREF(e->tick); return e->tick;
}
static int Engine_set_tick(Engine *e, PyObject *v, void *c) {
    Py_CLEAR(e->tick);
    if (v && v != Py_None) { Py_INCREF(v); e->tick = v; }
    return 0;
}

static PyMethodDef Engine_methods[] = {
    {"set_state", (PyCFunction)Engine_set_state, METH_VARARGS, "set_state(heights, top, counts)"},
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS, "solve(action, alpha, beta) -> value"},
    {"peek", (PyCFunction)Engine_peek, METH_VARARGS, "peek(action) -> (lo, hi)"},
    {NULL}
};

static PyGetSetDef Engine_getset[] = {
    {"states", (getter)Engine_get_states, NULL, "states expanded (value and existence searches)", NULL},
    {"exists_states", (getter)Engine_get_exists, NULL, "states of the existence search", NULL},
    {"memo_size", (getter)Engine_get_memo, NULL, "entries of the value memo", NULL},
    {"limit", (getter)Engine_get_limit, (setter)Engine_set_limit, "state cap or None", NULL},
    {"tick", (getter)Engine_get_tick, (setter)Engine_set_tick, "called every 1024 states", NULL},
    {NULL}
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "golfcore.solitaire.search._fairkernel.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled rank engine of the fair chance (see fair_rank.RankEngine).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fairkernel",
    "The compiled twin of golfcore.solitaire.search.fair_rank (optional).", -1, NULL
};

PyMODINIT_FUNC PyInit__fairkernel(void) {
    PyObject *rank = PyImport_ImportModule("golfcore.solitaire.search.fair_rank");
    if (!rank) return NULL;
    StopError = PyObject_GetAttrString(rank, "Stop");
    Py_DECREF(rank);
    if (!StopError) return NULL;
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType); Py_DECREF(m); return NULL;
    }
    return m;
}
