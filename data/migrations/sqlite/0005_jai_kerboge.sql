-- Why each seat left a match: 'resigned', or 'timeout' when the turn clock resigned it.
ALTER TABLE seats ADD COLUMN left_reason TEXT CHECK (left_reason IN ('resigned', 'timeout'));
UPDATE seats SET left_reason = 'resigned' WHERE resigned = 1;
-- Before this column the reason was not stored: where the clock ended a match and only one seat
-- had resigned, that seat ran out of time (what the match message used to infer).
UPDATE seats SET left_reason = 'timeout'
 WHERE resigned = 1
   AND match_id IN (SELECT id FROM matches WHERE json_extract(result, '$.termination') = 'timeout')
   AND (SELECT COUNT(*) FROM seats other WHERE other.match_id = seats.match_id AND other.resigned = 1) = 1;

-- Jai Kerboge (Kerboge for two) has its own ladder and statistics, stored under 'jai-kerboge'.
CREATE TEMP TABLE jai_matches AS SELECT id FROM matches WHERE game = 'kerboge' AND seat_count = 2;
UPDATE results SET game = 'jai-kerboge' WHERE game = 'kerboge' AND match_id IN (SELECT id FROM jai_matches);
UPDATE rating_history SET game = 'jai-kerboge'
 WHERE game = 'kerboge' AND match_id IN (SELECT id FROM jai_matches);
-- Until now both were rated as one: each ladder starts from the rating the player had after
-- their last match of it (openskill cannot be replayed here), counting that ladder's matches.
INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at)
SELECT h.user_id, 'jai-kerboge', h.scope, h.mu, h.sigma, h.mu - 3 * h.sigma,
       (SELECT COUNT(*) FROM rating_history c
         WHERE c.user_id = h.user_id AND c.game = 'jai-kerboge' AND c.scope = h.scope),
       (SELECT COUNT(*) FROM rating_history c
          JOIN results r ON r.match_id = c.match_id AND r.user_id = c.user_id AND r.outcome = 'win'
         WHERE c.user_id = h.user_id AND c.game = 'jai-kerboge' AND c.scope = h.scope),
       h.at
  FROM rating_history h
 WHERE h.game = 'jai-kerboge'
   AND NOT EXISTS (SELECT 1 FROM rating_history later
                    WHERE later.user_id = h.user_id AND later.game = 'jai-kerboge' AND later.scope = h.scope
                      AND (later.at > h.at OR (later.at = h.at AND later.match_id > h.match_id)));
CREATE TEMP TABLE jai_counts AS
SELECT user_id, scope, matches, wins FROM ratings WHERE game = 'jai-kerboge';
UPDATE ratings
   SET matches = matches - (SELECT j.matches FROM jai_counts j
                             WHERE j.user_id = ratings.user_id AND j.scope = ratings.scope),
       wins = MAX(0, wins - (SELECT j.wins FROM jai_counts j
                              WHERE j.user_id = ratings.user_id AND j.scope = ratings.scope))
 WHERE game = 'kerboge'
   AND EXISTS (SELECT 1 FROM jai_counts j WHERE j.user_id = ratings.user_id AND j.scope = ratings.scope);
UPDATE ratings
   SET (mu, sigma, ordinal) = (SELECT h.mu, h.sigma, h.mu - 3 * h.sigma FROM rating_history h
                                WHERE h.user_id = ratings.user_id AND h.game = 'kerboge'
                                  AND h.scope = ratings.scope
                                ORDER BY h.at DESC, h.match_id DESC LIMIT 1)
 WHERE game = 'kerboge'
   AND EXISTS (SELECT 1 FROM jai_counts j WHERE j.user_id = ratings.user_id AND j.scope = ratings.scope)
   AND EXISTS (SELECT 1 FROM rating_history h
                WHERE h.user_id = ratings.user_id AND h.game = 'kerboge' AND h.scope = ratings.scope);
-- A Kerboge rating that counted only Jai Kerboge matches is now a Jai Kerboge rating alone.
DELETE FROM ratings WHERE game = 'kerboge' AND matches <= 0;
DROP TABLE jai_counts;
DROP TABLE jai_matches;
