-- The assistant writes history too: a change it drafted, applied by an editor into a proposal,
-- names 'assistant' as the actor next to that editor.
ALTER TABLE company.plan_history DROP CONSTRAINT plan_history_actor_check;
ALTER TABLE company.plan_history
  ADD CONSTRAINT plan_history_actor_check CHECK (actor IN ('user', 'discovery', 'assistant'));
