-- A draft proposal opened for a producer's change (the assistant's) that the plan then refused
-- is taken back whole, so a refused change leaves nothing behind: the app may delete a proposal
-- row of its own company (row security still limits it to the tenant's).
GRANT DELETE ON company.proposals TO company_app;
