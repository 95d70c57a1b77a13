-- Why each seat left a match: 'resigned', or 'timeout' when the turn clock resigned it.
ALTER TABLE seats ADD COLUMN left_reason TEXT CHECK (left_reason IN ('resigned', 'timeout'));
UPDATE seats SET left_reason = 'resigned' WHERE resigned = 1;
-- Before this column the reason was not stored: where the clock ended a match and only one seat
-- had resigned, that seat ran out of time (what the match message used to infer).
UPDATE seats SET left_reason = 'timeout'
 WHERE resigned = 1
   AND match_id IN (SELECT id FROM matches WHERE json_extract(result, '$.termination') = 'timeout')
   AND (SELECT COUNT(*) FROM seats other WHERE other.match_id = seats.match_id AND other.resigned = 1) = 1;
