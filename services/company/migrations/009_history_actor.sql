-- Who wrote a history entry besides the user it names: 'user' for a change made
-- in the app, 'discovery' for one analytics discovery made when the user triaged
-- a finding (added an observed event to the plan, marked an event live).
ALTER TABLE company.plan_history
  ADD COLUMN actor text NOT NULL DEFAULT 'user' CHECK (actor IN ('user', 'discovery'));
