-- Kept free for work in progress in this session (replaced by that work's migration).
SELECT 1;
