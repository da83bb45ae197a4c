;;; golfcore's harness for GNOME Aisleriot's Golf.
;;;
;;; Aisleriot's games are Scheme: the game (golf.go) and the `(aisleriot api)' module
;;; (aisleriot/api.go), compiled by Guile 3.0 and installed by the Debian package `aisleriot'.
;;; They call functions that the Aisleriot program defines in C (the `(aisleriot interface)'
;;; module: slots, cards, score, features, the game's callbacks).  This file supplies those
;;; functions, loads the two installed modules unchanged, and drives the game as Aisleriot's
;;; board does: a tap (press and release) on a slot goes through the game's button-clicked,
;;; a drag of cards through button-pressed, droppable? and button-released; after each move
;;; the end of the game is tested with game-continuable and game-won; undo is the api
;;; module's own.
;;;
;;; Usage: guile-3.0 --auto-compile harness.scm DIRECTORY-OF-AISLERIOT-GO-FILES
;;;
;;; It reads one request a line on standard input, an S-expression, and answers each with
;;; one line of JSON on standard output:
;;;   (hello)                              the Guile version and the files loaded
;;;   (new STOCK WASTE (COL1 ... COL7))    sets up a position in Aisleriot's slots; each
;;;                                        list of cards top card first, a card (VALUE SUIT)
;;;                                        (ace 1 .. king 13; clubs 0, diamonds 1, hearts 2,
;;;                                        spades 3)
;;;   (drag SLOT N)                        drags the N top cards of SLOT onto the waste
;;;   (click SLOT)                         taps SLOT (slot 0 is the stock, 1 the waste, 2 to 8
;;;                                        the columns)
;;;   (undo)                               Aisleriot's undo
;;;   (state)                              the slots, the status, the score and the legal moves
;;;   (hint)                               the game's hint, as the slot it names
;;;   (perft DEPTH DIVIDE)                 counts the lines of DEPTH moves (DIVIDE: #t or #f)
;;;   (quit)
;;; Every reply holds "ok"; a refused move names the game function that refused it.

;;; -- The functions Aisleriot's C side defines (src/game.c's scheme interface) ---------------

(use-modules (ice-9 rdelim) (srfi srfi-1))

;; The slots, by id: their cards, top card first.  A card crosses the C side as bytes (rank,
;; suit, face), so set-cards-c! keeps a fresh copy; get-slot hands out the kept list, which
;; no game changes in place.
(define max-slots 64)
(define slots (make-vector max-slots #f))
(define features 0)
(define score-shown "0")
(define status-message "")
(define undo-sensitive #f)
(define redo-sensitive #f)
;; The game's callbacks, as set-lambda receives them.
(define callbacks '())
(define random-state (seed->random-state 1))

(define (card-copy card)
  (list (car card) (cadr card) (if (caddr card) #t #f)))

(define (reset-surface)
  (vector-fill! slots #f)
  '())

(define (add-slot slot-data)
  ;; (id cards placement type): only the id and the cards matter without a window
  (vector-set! slots (car slot-data) (map card-copy (cadr slot-data)))
  '())

(define (get-slot id)
  (let ((cards (and (< -1 id max-slots) (vector-ref slots id))))
    (if cards (list id cards) '())))

(define (set-cards-c! id cards)
  (vector-set! slots id (if cards (map card-copy cards) '()))
  #t)

(define (get-feature-word) features)
(define (set-feature-word! word) (set! features word) '())

(define (set-lambda new-game button-pressed button-released button-clicked
                           button-double-clicked game-over winning-game hint . rest)
  ;; rest: get-options apply-options timeout, then droppable? with the droppable feature
  (set! callbacks
        (list (cons 'new-game new-game) (cons 'button-pressed button-pressed)
              (cons 'button-released button-released) (cons 'button-clicked button-clicked)
              (cons 'button-double-clicked button-double-clicked)
              (cons 'game-continuable game-over) (cons 'game-won winning-game)
              (cons 'get-hint hint)
              (cons 'droppable? (if (and (= 1 (logand features 1)) (> (length rest) 3))
                                    (list-ref rest 3)
                                    (lambda args #f)))))
  '())

(define (update-score text) (set! score-shown text) text)
(define (set-statusbar-message-c message) (set! status-message message) '())
(define (undo-set-sensitive state) (set! undo-sensitive state) '())
(define (redo-set-sensitive state) (set! redo-sensitive state) '())
(define (dealable-set-sensitive state) '())
(define (aisleriot-random n) (random n random-state))
(define (click-to-move?) #f)

;;; -- The driver -----------------------------------------------------------------------------

;; The module the game files import: the functions above, under the names they call.
(define interface (resolve-module '(aisleriot interface) #f #:ensure #t))
(beautify-user-module! interface)
(define interface-names
  '(reset-surface add-slot get-slot set-cards-c! get-feature-word set-feature-word!
    set-lambda update-score set-statusbar-message-c undo-set-sensitive redo-set-sensitive
    dealable-set-sensitive aisleriot-random click-to-move?))
(for-each (lambda (name)
            (module-define! interface name (module-ref (current-module) name)))
          interface-names)
(module-export! interface interface-names)

(define directory
  (let ((args (command-line)))
    (if (> (length args) 1)
        (cadr args)
        "/usr/lib/x86_64-linux-gnu/aisleriot/guile/3.0")))

(define api-file (string-append directory "/aisleriot/api.go"))
(define game-file (string-append directory "/golf.go"))

(save-module-excursion (lambda () (load-compiled api-file)))
(define api (resolve-module '(aisleriot api)))
(define game (make-fresh-user-module))
(save-module-excursion
 (lambda ()
   (set-current-module game)
   (load-compiled game-file)))

(define (api-ref name) (module-ref api name))
(define (api-set! name value) (module-set! api name value))
(define (callback name) (cdr (assq name callbacks)))

(define (get-cards slot) ((api-ref 'get-cards) slot))
(define (set-cards! slot cards) ((api-ref 'set-cards!) slot cards))

;; The states of the C side's game: begin (dealt, no move yet), running, over, won.
(define game-state 'begin)

(define stock-slot 0)
(define waste-slot 1)
(define tableau '(2 3 4 5 6 7 8))
(define all-slots '(0 1 2 3 4 5 6 7 8))

(define (finished?) (memq game-state '(over won)))

;; aisleriot_game_test_end_of_game: end the move, then ask the game whether it can go on.
(define (test-end-of-game)
  ((api-ref 'end-move))
  (when (not (finished?))
    (when (not ((callback 'game-continuable)))
      (set! game-state (if ((callback 'game-won)) 'won 'over)))))

;; A pointer press starts the game (aisleriot_game_start).
(define (start!)
  (when (eq? game-state 'begin) (set! game-state 'running)))

(define (face cards up)
  (map (lambda (c) (list (car c) (cadr c) up)) cards))

(define (new-position stock waste columns)
  ((callback 'new-game))              ; Aisleriot's own new-game: the slots, a shuffled deal
  ((api-ref 'start-game))
  ((api-ref 'set-score!) 0)
  (set-cards! stock-slot (face stock #f))
  (set-cards! waste-slot (face waste #t))
  (for-each (lambda (slot cards) (set-cards! slot (face cards #t))) tableau columns)
  (api-set! 'HISTORY '())
  (api-set! 'FUTURE '())
  (api-set! 'MOVE '())
  (set! game-state 'begin)
  ;; as after every move: a position where nothing can follow is over at once
  (test-end-of-game)
  #t)

;; A drag of the N top cards of SLOT onto the waste, as the board does it (drag_begin,
;; drop_moving_cards): the game's button-pressed allows the drag, droppable? finds the drop
;; target, button-released makes the move.  #t, or the name of the function that refused.
(define (drag slot n)
  (cond
   ((finished?) 'game-over)
   ((not (memv slot all-slots)) 'no-slot)
   (else
    (start!)
    (let ((cards (get-cards slot)))
      (if (or (< n 1) (> n (length cards)))
          'no-card
          (let ((moving (list-head cards n)))
            (if (not ((callback 'button-pressed) slot moving))
                'button-pressed
                (begin
                  ((api-ref 'record-move) slot cards)
                  (set-cards! slot (list-tail cards n))
                  (cond
                   ((not ((callback 'droppable?) slot moving waste-slot))
                    ((api-ref 'discard-move))
                    (set-cards! slot cards)
                    'droppable?)
                   (((callback 'button-released) slot moving waste-slot)
                    (test-end-of-game)
                    #t)
                   (else
                    ((api-ref 'discard-move))
                    (set-cards! slot cards)
                    'button-released))))))))))

;; A click on SLOT (aisleriot_board_button_release): the game's button-clicked.
(define (click slot)
  (cond
   ((finished?) 'game-over)
   ((not (memv slot all-slots)) 'no-slot)
   (else
    (start!)
    ((api-ref 'record-move) -1 '())
    (if ((callback 'button-clicked) slot)
        (begin (test-end-of-game) #t)
        (begin ((api-ref 'discard-move)) (test-end-of-game) 'button-clicked)))))

;; Undo (aisleriot_game_undo_move): a lost game runs again; the api module's undo.  A won
;; game's dialog (window.c, show_game_over_dialog) is modal and offers only Close and New Game,
;; so a won game takes no undo.
(define (undo)
  (cond
   ((eq? game-state 'won) 'game-won)
   ((null? (api-ref 'HISTORY)) 'undo-insensitive)
   (else
    (when (finished?) (set! game-state 'running))
    ((api-ref 'undo))
    #t)))

;; Everything a move changes, to try a move and take it back exactly.
(define (snapshot)
  (list (map get-cards all-slots) ((api-ref 'get-score)) (api-ref 'FLIP-COUNTER)
        (api-ref 'HISTORY) (api-ref 'FUTURE) (api-ref 'MOVE) game-state))

(define (restore! snap)
  (for-each (lambda (slot cards) (vector-set! slots slot cards)) all-slots (list-ref snap 0))
  ((api-ref 'set-score!) (list-ref snap 1))
  (api-set! 'FLIP-COUNTER (list-ref snap 2))
  (api-set! 'HISTORY (list-ref snap 3))
  (api-set! 'FUTURE (list-ref snap 4))
  (api-set! 'MOVE (list-ref snap 5))
  (set! game-state (list-ref snap 6)))

;; (then) after MOVE is made, or #f when the game refuses it; the state is restored.
(define (trying move then)
  (let* ((snap (snapshot))
         (result (if (eq? (move) #t) (then) #f)))
    (restore! snap)
    result))

;; The moves: the stock clicked, a column's top card dragged.
(define moves
  (cons (cons stock-slot (lambda () (click stock-slot)))
        (map (lambda (slot) (cons slot (lambda () (drag slot 1)))) tableau)))

(define (legal)
  (filter-map (lambda (m) (and (trying (cdr m) (lambda () #t)) (car m))) moves))

;; The columns whose top card a tap plays: golf.scm tests a tap (button-clicked) as it tests a
;; drag (droppable?); both are asked, so that the adapter can tell if the two ever disagree.
(define (clickable)
  (filter (lambda (slot) (trying (lambda () (click slot)) (lambda () #t))) tableau))

;; The slot the game's hint names: the hint is a sentence, compared with the sentence the api
;; module writes for each column's top card and for a deal.
(define (hint)
  (let ((given ((callback 'get-hint))))
    (cond
     ((or (finished?) (not (pair? given))) 'null)
     ((equal? given ((module-ref game 'dealable?))) stock-slot)
     (else
      (or (find (lambda (slot)
                  (and (not (null? (get-cards slot)))
                       (not (null? (get-cards waste-slot)))
                       (equal? given ((api-ref 'hint-move) slot 1 waste-slot))))
                tableau)
          (list 'unknown (cadr given)))))))

;; perft: the lines of DEPTH moves, a line that ends the game early not counted.  The game
;; reads the stock, the columns and the waste's top card only (golf.scm: get-top-card waste,
;; empty-slot?), so those, with the game's state, are the key of the table of counts.
(define table (make-hash-table))

(define (card-char card)
  (integer->char (+ 48 (* 4 (car card)) (cadr card))))

(define (key depth)
  ;; a string: Guile hashes a whole string, but only the first elements of a list
  (let ((waste (get-cards waste-slot)))
    (string-append
     (number->string depth) (symbol->string game-state) ":"
     (list->string (map card-char (get-cards stock-slot))) ":"
     (if (null? waste) "" (string (card-char (car waste))))
     (apply string-append
            (map (lambda (slot) (string-append ":" (list->string
                                                    (map card-char (get-cards slot)))))
                 tableau)))))

(define (perft depth)
  (if (= depth 0)
      1
      (let* ((k (key depth)) (known (hash-ref table k #f)))
        (or known
            (let ((count (fold (lambda (m total)
                                 (+ total (or (trying (cdr m) (lambda () (perft (- depth 1))))
                                              0)))
                               0 moves)))
              (hash-set! table k count)
              count)))))

(define (divide depth)
  (filter-map (lambda (m)
                (let ((n (trying (cdr m) (lambda () (perft (- depth 1))))))
                  (and n (cons (car m) n))))
              moves))

;;; -- JSON out -------------------------------------------------------------------------------

;; (obj (key . value) ...) is an object, any other list an array, 'null null.
(define (json x port)
  (cond
   ((eq? x #t) (display "true" port))
   ((eq? x #f) (display "false" port))
   ((eq? x 'null) (display "null" port))
   ((number? x) (display x port))
   ((symbol? x) (json (symbol->string x) port))
   ((string? x)
    (write-char #\" port)
    (string-for-each
     (lambda (c)
       (cond ((char=? c #\") (display "\\\"" port))
             ((char=? c #\\) (display "\\\\" port))
             ((char<? c #\space) (display " " port))
             (else (write-char c port))))
     x)
    (write-char #\" port))
   ((and (pair? x) (eq? (car x) 'obj))
    (write-char #\{ port)
    (let loop ((items (cdr x)) (first #t))
      (unless (null? items)
        (unless first (write-char #\, port))
        (json (symbol->string (caar items)) port)
        (write-char #\: port)
        (json (cdar items) port)
        (loop (cdr items) #f)))
    (write-char #\} port))
   ((list? x)
    (write-char #\[ port)
    (let loop ((items x) (first #t))
      (unless (null? items)
        (unless first (write-char #\, port))
        (json (car items) port)
        (loop (cdr items) #f)))
    (write-char #\] port))
   (else (json (format #f "~a" x) port))))

(define (reply . fields)
  (json (cons* 'obj fields) (current-output-port))
  (newline)
  (force-output))

(define (state-fields)
  (list (cons 'status game-state)
        (cons 'score ((api-ref 'get-score)))
        (cons 'history (length (api-ref 'HISTORY)))
        (cons 'slots (map (lambda (slot)
                            (map (lambda (c) (list (car c) (cadr c) (caddr c)))
                                 (get-cards slot)))
                          all-slots))
        (cons 'legal (if (finished?) '() (legal)))))

(define (answer-move result)
  (if (eq? result #t)
      (apply reply (cons 'ok #t) (state-fields))
      (apply reply (cons 'ok #f) (cons 'refused result) (state-fields))))

(define (serve request)
  (case (car request)
    ((hello)
     (reply (cons 'ok #t) (cons 'guile (version)) (cons 'api api-file) (cons 'game game-file)
            (cons 'features (get-feature-word))))
    ((new)
     (apply new-position (cdr request))
     (apply reply (cons 'ok #t) (state-fields)))
    ((drag) (answer-move (drag (cadr request) (caddr request))))
    ((click) (answer-move (click (cadr request))))
    ((undo) (answer-move (undo)))
    ((state)
     (apply reply (cons 'ok #t) (cons 'clickable (if (finished?) '() (clickable)))
            (state-fields)))
    ((hint) (apply reply (cons 'ok #t) (cons 'hint (hint)) (state-fields)))
    ((perft)
     (hash-clear! table)
     (let* ((depth (cadr request)) (start (get-internal-real-time))
            (split (and (caddr request) (> depth 0) (divide depth)))
            (count (if split (fold + 0 (map cdr split)) (perft depth))))
       (hash-clear! table)
       (reply (cons 'ok #t) (cons 'count count)
              (cons 'divide (if split (cons 'obj (map (lambda (p)
                                                        (cons (string->symbol
                                                               (number->string (car p)))
                                                              (cdr p)))
                                                      split))
                                'null))
              (cons 'seconds (exact->inexact
                              (/ (- (get-internal-real-time) start)
                                 internal-time-units-per-second))))))
    ((quit) (reply (cons 'ok #t) (cons 'bye #t)) 'quit)
    (else (reply (cons 'ok #f) (cons 'error "unknown request")))))

(let loop ()
  (let ((line (read-line)))
    (unless (eof-object? line)
      (unless (eq? 'quit
                   (and (not (string-null? (string-trim-both line)))
                        (catch #t
                          (lambda () (serve (with-input-from-string line read)))
                          (lambda (tag . args)
                            (reply (cons 'ok #f)
                                   (cons 'error (format #f "~a: ~s" tag args)))))))
        (loop)))))
