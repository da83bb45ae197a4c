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
 * the pooled unseen counts (n + ncls <= 39 bits). Tableau and unseen counts are also kept
 * packed four bits a class (T, U) for the bounds. Built with -ffp-contract=off: no fused
 * multiply-add, so every double is rounded as Python rounds it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stddef.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define TICK_EVERY 1024
#define NIB1 0x1111111111111111ull
#define NZ4(x) (((x) | ((x) >> 1) | ((x) >> 2) | ((x) >> 3)) & NIB1)

#ifdef FAIR_STATS
enum { S_PCALL, S_PHIT, S_PNARROW, S_PNEW, S_PZERO, S_DCALL, S_DHIT, S_DNARROW, S_DNEW, S_DZERO,
       S_XCALL, S_XWON, S_XLOST, S_XDEAD, S_XNEW, S_XSCAN, S_DCHILDMEMO, S_DCHILDEX,
       S_DCHILDZERO, S_DSEARCHED, S_REACH, S_ENDPOINTS, S_EPSEARCHED, S_NSTATS };
static const char *stat_names[S_NSTATS] = {"pcall", "phit", "pnarrow", "pnew", "pzero", "dcall",
    "dhit", "dnarrow", "dnew", "dzero", "xcall", "xwon", "xlost", "xdead", "xnew", "xscan",
    "dchildmemo", "dchildex", "dchildzero", "dsearched", "reach", "endpoints", "epsearched"};
static long long stat_[S_NSTATS];
#define STAT(k) (stat_[k]++)
#define STATN(k, n) (stat_[k] += (n))
#else
#define STAT(k) ((void)0)
#define STATN(k, n) ((void)0)
#endif

typedef struct { uint64_t key; double lo, hi; } Ent;
typedef struct { uint32_t key, na, nd, ca, cd; uint64_t *a, *d; } HW;
/* a cached list of draw points: key (heights, merged top), count (PC_WON: a chain wins) */
#define PC_MAX 14
#define PC_WON 255
typedef struct { uint32_t key; uint8_t n, pad[3]; uint32_t ep[PC_MAX]; } PCache;
/* the connected parts of the link graph on a set of ranks (see dead()) */
typedef struct {
    int built, nparts;
    uint64_t tab[13], colour0[13], enders[13];   /* nibble masks (15 a rank) of the part's ranks */
    uint64_t feed[13], feed0[13], feed1[13];     /* nibble masks of the classes feeding them */
    int bip[13];
} Parts;

typedef struct {
    PyObject_HEAD
    int ncls, buried;
    uint32_t acc[17], feeders[17];
    uint64_t fnib[16];             /* feeders of a class as a nibble mask */
    uint64_t accnib[17];           /* acc as a nibble mask */
    int draw[2];
    int col[7][8], colh[7];
    uint64_t pc[7][9];             /* packed counts of the first h cards of a column */
    uint32_t prm[7][9];            /* the classes among the first h cards of a column */
    int has_chains, pathlike, wrap;
    uint32_t wild;                 /* non-rank classes that accept some rank */
    int linked[14][14], ender[14];
    uint64_t guard;
    /* the current state */
    int ht[7], cnt[16], n, top, left;
    uint64_t hk, T, U;
    uint32_t rmask;
    /* memo */
    Ent *tab; uint64_t tcap, tcount_;
    HW *hw; uint64_t hwcap, hwcount;
    unsigned char *canw;           /* [mask][w], 0xFF = not yet computed */
    Parts *parts;                  /* [present ranks], built on first use */
    /* the reach enumeration: visited keys stamped with a generation, endpoints on a stack */
    uint64_t *vis; uint64_t viscap, viscount; uint32_t gen;
    uint32_t *ep; size_t epsp, epcap;
    PCache *pcache; uint64_t pcmask;
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

/* Ask for transparent huge pages on the 2 MiB-aligned inside of a large block: the memo and the
 * caches are probed at random, and with 4 KiB pages most probes also miss the TLB. Only how
 * the memory is mapped changes, never what the search computes. */
static void hugepages(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)1 << 21;
    if (bytes < 2 * huge) return;
    uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1), b = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (b > a) (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
    (void)p; (void)bytes;
#endif
}

static void *xcalloc(Engine *e, size_t n, size_t size) {
    void *p = calloc(n, size);
    if (!p) longjmp(e->abort_to, ABORT_MEMORY);
    hugepages(p, n * size);
    return p;
}

/* the sum of the nibbles of x (each at most 15, 16 of them) */
static inline int nibsum(uint64_t x) {
    x = (x & 0x0F0F0F0F0F0F0F0Full) + ((x >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return (int)((x * 0x0101010101010101ull) >> 56);
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

static inline uint32_t exposed(Engine *e) {
    uint32_t m = 0;
    for (int i = 0; i < 7; i++) if (e->ht[i]) m |= 1u << e->col[i][e->ht[i] - 1];
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
    e->hk -= 1ull << (3 * i);
    e->left--;
    e->T -= 1ull << (4 * card);
    if (!((e->T >> (4 * card)) & 15)) e->rmask &= ~(1u << card);
    return card;
}
static inline void unplay(Engine *e, int i, int card) {
    e->ht[i]++;
    e->hk += 1ull << (3 * i);
    e->left++;
    e->T += 1ull << (4 * card);
    e->rmask |= 1u << card;
}
static inline void draw_card(Engine *e, int x) {
    e->cnt[x]--; e->n--; e->U -= 1ull << (4 * x);
}
static inline void undraw_card(Engine *e, int x) {
    e->cnt[x]++; e->n++; e->U += 1ull << (4 * x);
}
/* place the tableau at the packed heights hk */
static void set_heights(Engine *e, uint64_t hk) {
    uint64_t T = 0;
    uint32_t r = 0;
    int left = 0;
    for (int i = 0; i < 7; i++) {
        int h = (int)((hk >> (3 * i)) & 7);
        e->ht[i] = h; left += h; T += e->pc[i][h]; r |= e->prm[i][h];
    }
    e->hk = hk; e->T = T; e->left = left; e->rmask = r;
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

/* the connected parts of the link graph on the ranks of present (bit r-1 for rank r) */
static Parts *parts_of(Engine *e, uint32_t present) {
    Parts *p = &e->parts[present];
    if (p->built) return p;
    p->built = 1;
    uint32_t seen = 0;
    for (int r = 1; r < 14; r++) {
        if (!((present >> (r - 1)) & 1) || ((seen >> r) & 1)) continue;
        int k = p->nparts++;
        int colour[14], todo[14], nt = 0, bip = 1;
        uint32_t part = 1u << r;
        colour[r] = 0; todo[nt++] = r;
        while (nt) {
            int a = todo[--nt];
            for (int b = 1; b < 14; b++) {
                if (!e->linked[a][b] || !((present >> (b - 1)) & 1)) continue;
                if ((part >> b) & 1) { if (colour[b] == colour[a]) bip = 0; continue; }
                part |= 1u << b; colour[b] = 1 - colour[a]; todo[nt++] = b;
            }
        }
        seen |= part;
        p->bip[k] = bip;
        for (int b = 1; b < 14; b++) {
            if (!((part >> b) & 1)) continue;
            p->tab[k] |= 15ull << (4 * b);
            if (e->ender[b]) p->enders[k] |= 15ull << (4 * b);
            if (!colour[b]) p->colour0[k] |= 15ull << (4 * b);
            p->feed[k] |= e->fnib[b];
            if (colour[b]) p->feed1[k] |= e->fnib[b]; else p->feed0[k] |= e->fnib[b];
        }
    }
    return p;
}

/* Each tableau card is played onto a different card (the waste just before it): a tableau card,
 * an unseen card or the top. When plays join ranks one apart (and king-ace), the cards needing
 * a predecessor and the cards that can be one form paths (demand r, supply r +- 1), on which a
 * greedy matching is a largest one; classes other than ranks feed anything. 1 when some
 * tableau card is left without a predecessor. */
static int matching_short(Engine *e, int top) {
    int sup[14], dem[14], wild = 0;
    for (int r = 1; r < 14; r++) {
        dem[r] = (int)((e->T >> (4 * r)) & 15);
        sup[r] = dem[r] + e->cnt[r] + (top == r);
    }
    for (int c = 0; c < e->ncls; c++)
        if ((c < 1 || c > 13) && ((e->wild >> c) & 1)) wild += e->cnt[c] + (top == c);
    int start = 1;
    if (e->wrap) {
        start = 0;
        for (int r = 1; r < 14; r++) if (!dem[r] && !sup[r]) { start = r; break; }
        if (!start) return 0;     /* one cycle: not checked */
    }
    int shortfall = 0;
    /* two alternating paths: (demand r, supply r + 1, demand r + 2, ...) and (supply r,
     * demand r + 1, ...), from the cut at start; each node is matched as far as it can be with
     * what the previous one left over (on a path, a largest matching) */
    for (int first = 0; first < 2; first++) {
        int left = 0, prev = 0, prev_dem = 0;
        for (int k = 0; k < 13; k++) {
            int r = (start - 1 + k) % 13 + 1;
            int is_dem = (k & 1) == first;
            int cap = is_dem ? dem[r] : sup[r], m = 0;
            if (k && left && cap
                && (is_dem ? (e->acc[prev] >> r) & 1 : (e->acc[r] >> prev) & 1))
                m = left < cap ? left : cap;
            if (prev_dem) shortfall += left - m;
            left = cap - m; prev = r; prev_dem = is_dem;
        }
        if (prev_dem) shortfall += left;
    }
    return shortfall > wild;
}

static int dead(Engine *e, int top) {
    uint64_t T = e->T, U = e->U, unib = NZ4(U);
    uint64_t topnib = top < e->ncls ? 1ull << (4 * top) : 0;
    /* every tableau card needs a feeder that can be on the waste when it is played */
    for (int i = 0; i < 7; i++) {
        int h = e->ht[i];
        if (!h) continue;
        uint64_t base = NZ4(T - e->pc[i][h]) | unib, above = topnib;
        for (int j = h - 1; j >= 0; j--) {
            int r = e->col[i][j];
            if (!(e->fnib[r] & (base | above))) return 1;
            above = 1ull << (4 * r);
        }
    }
    if (!e->has_chains || (e->T & 15)) return 0;
    /* chains: each part of the link graph on the ranks left needs its own chains of plays,
     * each started by a distinct unit (the top or an unseen card) that feeds the part */
    uint64_t units = U + topnib;
    Parts *p = parts_of(e, (e->rmask >> 1) & 0x1FFF);
    int totneed = 0, need[13];
    uint64_t useful = 0;
    for (int k = 0; k < p->nparts; k++) {
        uint64_t tk = T & p->tab[k];
        int nd = 1, en = nibsum(tk & p->enders[k]);
        if (en > nd) nd = en;
        if (p->bip[k]) {
            int c0 = nibsum(tk & p->colour0[k]), c1 = nibsum(tk) - c0, bal = c0 - c1;
            if (bal) {
                uint64_t pf = bal > 0 ? p->feed0[k] : p->feed1[k];
                if (bal < 0) bal = -bal;
                if (bal > nibsum(units & (pf * 15))) return 1;
                if (bal > nd) nd = bal;
            }
        }
        if (nd > nibsum(units & (p->feed[k] * 15))) return 1;
        need[k] = nd; totneed += nd; useful |= p->feed[k];
    }
    if (totneed > nibsum(units & (useful * 15))) return 1;
    for (int k = 0; k + 1 < p->nparts; k++)
        if (need[k] + need[k + 1] > nibsum(units & ((p->feed[k] | p->feed[k + 1]) * 15)))
            return 1;
    if (e->pathlike && matching_short(e, top)) return 1;
    return 0;
}

/* ---------------- where a chain of plays can stop to draw ---------------- */

/* add key to the visited set of this enumeration; 0 when it was there */
static int vis_add(Engine *e, uint32_t key) {
    if (2 * (e->viscount + 1) > e->viscap) {
        uint64_t ncap = e->viscap * 2, nmask = ncap - 1;
        uint64_t *nt = xcalloc(e, ncap, 8);
        for (uint64_t i = 0; i < e->viscap; i++) {
            uint64_t v = e->vis[i];
            if ((uint32_t)(v >> 32) != e->gen) continue;
            uint64_t g = mix((uint32_t)v) & nmask;
            while ((uint32_t)(nt[g] >> 32) == e->gen) g = (g + 1) & nmask;
            nt[g] = v;
        }
        free(e->vis);
        e->vis = nt; e->viscap = ncap;
    }
    uint64_t mask = e->viscap - 1, h = mix(key) & mask;
    for (;;) {
        uint64_t v = e->vis[h];
        if ((uint32_t)(v >> 32) != e->gen) break;
        if ((uint32_t)v == key) return 0;
        h = (h + 1) & mask;
    }
    e->vis[h] = ((uint64_t)e->gen << 32) | key;
    e->viscount++;
    return 1;
}

static int vis_has(Engine *e, uint32_t key) {
    uint64_t mask = e->viscap - 1, h = mix(key) & mask;
    for (;;) {
        uint64_t v = e->vis[h];
        if ((uint32_t)(v >> 32) != e->gen) return 0;
        if ((uint32_t)v == key) return 1;
        h = (h + 1) & mask;
    }
}

static void ep_push(Engine *e, uint32_t hk) {
    if (e->epsp == e->epcap) {
        size_t nc = e->epcap ? 2 * e->epcap : 1024;
        uint32_t *p = realloc(e->ep, nc * sizeof(uint32_t));
        if (!p) longjmp(e->abort_to, ABORT_MEMORY);
        e->ep = p; e->epcap = nc;
    }
    e->ep[e->epsp++] = hk;
}

/* every state a chain of plays from here reaches; the heights of those where a draw is
 * allowed are pushed (once each). 1 when one of them has empty columns (won). */
static int reach(Engine *e, int top) {
    top = canw(e, exposed(e), top);
    if (!vis_add(e, (uint32_t)(e->hk | ((uint64_t)(top + 1) << 21)))) return 0;
    STAT(S_REACH);
    int can = 0;
    for (int i = 0; i < 7; i++) {
        if (!e->ht[i] || !((e->acc[top] >> e->col[i][e->ht[i] - 1]) & 1)) continue;
        can = 1;
        int card = play(e, i);
        int won = !e->left || reach(e, card);
        unplay(e, i, card);
        if (won) return 1;
    }
    if (e->draw[can] && vis_add(e, (uint32_t)e->hk)) ep_push(e, (uint32_t)e->hk);
    return 0;
}

static inline int left_of_hk(uint32_t hk) {
    int s = 0;
    for (int i = 0; i < 7; i++) s += (hk >> (3 * i)) & 7;
    return s;
}

/* The draw points of the chains of plays from the current state with waste top, but skip:
 * pushed on the endpoint stack from base, fewest cards left first (then the packed heights);
 * their number, or -1 when a chain empties the columns. Drawing at any time, a draw point is
 * left out when a free card fewer is one too and that card accepts nothing left on the
 * tableau (docs/fair.md: it is no better). */
static long points(Engine *e, int top, size_t base, uint32_t skip) {
    top = canw(e, exposed(e), top);
    uint32_t key = (uint32_t)(e->hk | ((uint64_t)(top + 1) << 21));
    PCache *slot = &e->pcache[mix(key) & e->pcmask];
    e->epsp = base;
    if (slot->key != key) {
        if (!++e->gen) { memset(e->vis, 0, e->viscap * 8); e->gen = 1; }
        e->viscount = 0;
        if (reach(e, top)) { e->epsp = base; slot->key = key; slot->n = PC_WON; return -1; }
        size_t end = e->epsp, kept = base;
        int any = e->draw[0] && e->draw[1];
        for (size_t k = base; k < end; k++) {
            uint32_t hk = e->ep[k];
            if (any) {
                uint64_t T = 0;
                int h[7], dominated = 0;
                for (int i = 0; i < 7; i++) { h[i] = (hk >> (3 * i)) & 7; T += e->pc[i][h[i]]; }
                for (int i = 0; i < 7 && !dominated; i++) {
                    if (!h[i]) continue;
                    int c = e->col[i][h[i] - 1];
                    if (!(e->accnib[c] & NZ4(T - (1ull << (4 * c))))
                        && vis_has(e, hk - (1u << (3 * i)))) dominated = 1;
                }
                if (dominated) continue;
            }
            e->ep[kept++] = hk;
        }
        end = e->epsp = kept;
        for (size_t a = base + 1; a < end; a++) {
            uint32_t v = e->ep[a];
            uint64_t kv = ((uint64_t)left_of_hk(v) << 32) | v;
            size_t b = a;
            while (b > base) {
                uint32_t w = e->ep[b - 1];
                if ((((uint64_t)left_of_hk(w) << 32) | w) <= kv) break;
                e->ep[b] = w; b--;
            }
            e->ep[b] = v;
        }
        if (end - base <= PC_MAX) {
            slot->key = key; slot->n = (uint8_t)(end - base);
            memcpy(slot->ep, e->ep + base, (end - base) * sizeof(uint32_t));
        }
    } else {
        if (slot->n == PC_WON) return -1;
        for (int k = 0; k < slot->n; k++) ep_push(e, slot->ep[k]);
    }
    /* no draw without a card to draw; skip */
    size_t end = e->epsp, kept = base;
    if (e->n) for (size_t k = base; k < end; k++) if (e->ep[k] != skip) e->ep[kept++] = e->ep[k];
    e->epsp = kept;
    STATN(S_ENDPOINTS, kept - base);
    return (long)(kept - base);
}

/* Whether some order of the unseen cards wins from a draw point (the current heights, the top
 * buried by the draw): some pool of unseen cards has a card after which a chain of plays
 * empties the columns or reaches another draw point from which some order wins. Memoised on
 * the heights, with the antichains of the unseen multisets proved won and lost. */
static int exists_draw(Engine *e) {
    if (!e->left) return 1;
    uint32_t key = (uint32_t)e->hk + 1;
    uint64_t u = e->U;
    HW *h = hw_get(e, key);
    STAT(S_XCALL); STATN(S_XSCAN, h->na + h->nd);
    for (uint32_t i = 0; i < h->nd; i++) if (subset4(e->guard, u, h->d[i])) { STAT(S_XLOST); return 0; }
    for (uint32_t i = 0; i < h->na; i++) if (subset4(e->guard, h->a[i], u)) { STAT(S_XWON); return 1; }
    if (!e->n || dead(e, e->buried)) { STAT(S_XDEAD); return 0; }
    STAT(S_XNEW);
    e->exists_states++;
    expand(e);
    int res = 0;
    uint32_t rmask = e->rmask, done = 0;
    uint64_t hk0 = e->hk;
    for (int x = 0; x < e->ncls && !res; x++) {
        if (!e->cnt[x]) continue;
        int rep = canw(e, rmask, x);
        if ((done >> rep) & 1) continue;
        done |= 1u << rep;
        draw_card(e, x);
        size_t base = e->epsp;
        long k = points(e, x, base, (uint32_t)hk0);
        if (k < 0) res = 1;
        for (long j = 0; j < k && !res; j++) {
            set_heights(e, e->ep[base + j]);
            res = exists_draw(e);
        }
        e->epsp = base;
        set_heights(e, hk0);
        undraw_card(e, x);
    }
    h = hw_get(e, key);            /* the table may have moved */
    if (res) list_add(e, &h->a, &h->na, &h->ca, u, 1);
    else list_add(e, &h->d, &h->nd, &h->cd, u, 0);
    return res;
}

/* Whether some order of the unseen cards wins from the current heights and top: a chain of
 * plays empties the columns or reaches a draw point from which some order wins. */
static int exists_from(Engine *e, int top) {
    size_t base = e->epsp;
    long k = points(e, top, base, UINT32_MAX);
    if (k < 0) return 1;
    uint64_t hk0 = e->hk;
    int res = 0;
    for (long j = 0; j < k && !res; j++) {
        set_heights(e, e->ep[base + j]);
        res = exists_draw(e);
    }
    e->epsp = base;
    set_heights(e, hk0);
    return res;
}

/* ---------------- the fair value ---------------- */

static double P(Engine *e, int top, double alpha, double beta, int known);

/* the draw node at the current heights and unseen cards (Star1, fail-soft) */
static double D(Engine *e, double alpha, double beta) {
    uint32_t rmask = e->rmask;
    uint64_t key = e->hk | (ucode(e, rmask) << 25);
    Ent *x = tab_find(e, key);
    STAT(S_DCALL);
    if (x) {
        if (x->lo == x->hi || x->hi <= alpha) { STAT(S_DHIT); return x->hi; }
        if (x->lo >= beta) { STAT(S_DHIT); return x->lo; }
        if (x->lo > alpha) alpha = x->lo;
        if (x->hi < beta) beta = x->hi;
        STAT(S_DNARROW);
    } else if (!exists_draw(e)) { STAT(S_DZERO); return 0.0; }
    else STAT(S_DNEW);
    expand(e);
    int n = e->n, no = 0, xs[16], ws[16];
    double lo[16], hi[16];
    uint32_t done = 0;
    for (int c = 0; c < e->ncls; c++) {
        if (!e->cnt[c]) continue;
        int rep = canw(e, rmask, c);
        if ((done >> rep) & 1) continue;
        done |= 1u << rep;
        int w = 0;
        for (int y = c; y < e->ncls; y++) if (e->cnt[y] && canw(e, rmask, y) == rep) w += e->cnt[y];
        draw_card(e, c);
        double clo = 0.0, chi = 1.0;
        STAT(S_DCHILDEX);
        if (!exists_from(e, c)) { chi = 0.0; STAT(S_DCHILDZERO); }
        undraw_card(e, c);
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
        draw_card(e, xs[i]);
        STAT(S_DSEARCHED);
        double v = P(e, xs[i], ai, bi, 1);
        undraw_card(e, xs[i]);
        if (v <= ai) { if (v < hi[i]) hi[i] = v; }
        else if (v >= bi) { if (v > lo[i]) lo[i] = v; }
        else lo[i] = hi[i] = v;
        if (lo[i] > hi[i]) lo[i] = hi[i];
        i++;
    }
    store(e, key, g, alpha, beta);
    return g;
}

/* the decision node at waste class top: the best of the draws at the states a chain of plays
 * reaches (fail-soft). inner: a draw node's child, which its caller has checked some order
 * wins, and which is not memoised (the draw nodes are); else a question at the root, which
 * is. */
static double P(Engine *e, int top, double alpha, double beta, int inner) {
    if (!e->left) return 1.0;
    top = canw(e, exposed(e), top);
    uint64_t key = 0;
    Ent *x = NULL;
    STAT(S_PCALL);
    if (inner) STAT(S_PNEW);
    else if ((x = tab_find(e, key = e->hk | ((uint64_t)(top + 1) << 21)
                                     | (ucode(e, e->rmask) << 25)))) {
        if (x->lo == x->hi || x->hi <= alpha) { STAT(S_PHIT); return x->hi; }
        if (x->lo >= beta) { STAT(S_PHIT); return x->lo; }
        if (x->lo > alpha) alpha = x->lo;
        if (x->hi < beta) beta = x->hi;
        STAT(S_PNARROW);
    } else if (!exists_from(e, top)) { STAT(S_PZERO); return 0.0; }
    else STAT(S_PNEW);
    expand(e);
    if (beta > 1.0) beta = 1.0;
    if (alpha < 0.0) alpha = 0.0;
    size_t base = e->epsp;
    double best = 0.0;
    long k = points(e, top, base, UINT32_MAX);
    if (k < 0) best = 1.0;
    else {
        uint64_t hk0 = e->hk;
        for (long j = 0; j < k; j++) {
            set_heights(e, e->ep[base + j]);
            STAT(S_EPSEARCHED);
            double v = D(e, best > alpha ? best : alpha, beta);
            if (v > best) { best = v; if (best >= beta) break; }
        }
        set_heights(e, hk0);
    }
    e->epsp = base;
    if (!inner) store(e, key, best, alpha, beta);
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
    free(e->vis); e->vis = NULL;
    free(e->pcache); e->pcache = NULL;
    free(e->ep); e->ep = NULL;
    free(e->parts); e->parts = NULL;
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
    e->buried = ncls;              /* a waste that accepts nothing: "draw now" */
    e->acc[ncls] = 0;
    for (int r = 0; r < ncls; r++)
        for (int w = 0; w < ncls; w++) if ((e->acc[w] >> r) & 1) {
            e->feeders[r] |= 1u << w;
            e->fnib[r] |= 1ull << (4 * w);
            e->accnib[w] |= 1ull << (4 * r);
        }
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
        for (int j = 0; j < k; j++)
            if (e->col[i][j] < 0 || e->col[i][j] >= ncls) {
                Py_DECREF(cols); PyErr_SetString(PyExc_ValueError, "bad class"); return -1;
            }
        for (int h = 0; h < k; h++) {
            e->pc[i][h + 1] = e->pc[i][h] + (1ull << (4 * e->col[i][h]));
            e->prm[i][h + 1] = e->prm[i][h] | (1u << e->col[i][h]);
        }
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
        e->has_chains = 1;
        (void)bip;
        e->pathlike = ncls > 13;
        for (int a2 = 1; a2 < 14 && a2 < ncls; a2++)
            for (int b2 = 1; b2 < 14 && b2 < ncls; b2++) {
                if (!((e->acc[a2] >> b2) & 1)) continue;
                int d = a2 > b2 ? a2 - b2 : b2 - a2;
                if (d == 12) e->wrap = 1;
                else if (d != 1) e->pathlike = 0;
            }
        for (int c = 0; c < ncls; c++) if ((c < 1 || c > 13) && e->acc[c]) e->wild |= 1u << c;
        e->parts = calloc(1 << 13, sizeof(Parts));
        if (!e->parts) { PyErr_NoMemory(); return -1; }
    }
    for (int c = 0; c < ncls; c++) e->guard |= 8ull << (4 * c);
    e->tcap = 1 << 12; e->tab = calloc(e->tcap, sizeof(Ent));
    e->hwcap = 1 << 12; e->hw = calloc(e->hwcap, sizeof(HW));
    e->canw = malloc((size_t)(1u << ncls) * 16);
    e->viscap = 1 << 12; e->vis = calloc(e->viscap, 8);
    e->pcmask = (1u << 18) - 1;
    if (posix_memalign((void **)&e->pcache, 64, (e->pcmask + 1) * sizeof(PCache))) e->pcache = NULL;
    else {
        hugepages(e->pcache, (e->pcmask + 1) * sizeof(PCache));
        memset(e->pcache, 0, (e->pcmask + 1) * sizeof(PCache));
    }
    if (!e->tab || !e->hw || !e->canw || !e->vis || !e->pcache) { engine_free_tables(e); PyErr_NoMemory(); return -1; }
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
    for (int c = 0; c < 16; c++) {
        int t = 0;
        for (int i = 0; i < 7; i++) for (int j = 0; j < ht[i]; j++) t += e->col[i][j] == c;
        if (t > 15) { PyErr_SetString(PyExc_ValueError, "too many cards of a class"); return NULL; }
    }
    memcpy(e->cnt, cnt, sizeof e->cnt);
    e->n = n; e->top = top;
    e->U = 0;
    for (int c = 0; c < 16; c++) e->U += (uint64_t)cnt[c] << (4 * c);
    uint64_t hk = 0;
    for (int i = 0; i < 7; i++) hk |= (uint64_t)ht[i] << (3 * i);
    set_heights(e, hk);
    Py_RETURN_NONE;
}

static PyObject *Engine_solve(Engine *e, PyObject *args) {
    int action; double alpha, beta;
    if (!PyArg_ParseTuple(args, "idd", &action, &alpha, &beta)) return NULL;
    if (action < -1 || action > 7) { PyErr_SetString(PyExc_ValueError, "bad action"); return NULL; }
    if (action == 7 && !e->n) { PyErr_SetString(PyExc_ValueError, "no card to draw"); return NULL; }
    if (action >= 0 && action < 7 && !e->ht[action]) { PyErr_SetString(PyExc_ValueError, "empty column"); return NULL; }
    int cnt[16], n = e->n;
    uint64_t hk = e->hk, U = e->U;
    memcpy(cnt, e->cnt, sizeof cnt);
    double g = 0.0;
    e->epsp = 0;
    int why = setjmp(e->abort_to);
    if (!why) {
        if (action == -1) g = P(e, e->top, alpha, beta, 0);
        else if (action == 7) g = D(e, alpha, beta);
        else { int card = play(e, action); g = P(e, card, alpha, beta, 0); }
    }
    memcpy(e->cnt, cnt, sizeof cnt);
    e->n = n; e->U = U;
    set_heights(e, hk);
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
    uint64_t hk = e->hk;
    uint64_t key = 0; int won = 0;
    if (action == 7) key = e->hk | (ucode(e, e->rmask) << 25);
    else {
        int top = action == -1 ? e->top : play(e, action);
        if (!e->left) won = 1;
        else key = e->hk | ((uint64_t)(canw(e, exposed(e), top) + 1) << 21)
                   | (ucode(e, e->rmask) << 25);
    }
    set_heights(e, hk);
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

static PyObject *Engine_stats(Engine *e, PyObject *noargs) {
    PyObject *d = PyDict_New();
#ifdef FAIR_STATS
    for (int k = 0; k < S_NSTATS; k++) {
        PyObject *v = PyLong_FromLongLong(stat_[k]);
        PyDict_SetItemString(d, stat_names[k], v); Py_DECREF(v);
        stat_[k] = 0;
    }

#endif
    return d;
}

static PyMethodDef Engine_methods[] = {
    {"stats", (PyCFunction)Engine_stats, METH_NOARGS, "counters of a FAIR_STATS build"},
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
