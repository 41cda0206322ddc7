import { bearer, signedInUser, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ company: true });
});

afterAll(async () => {
  await stack?.stop();
});

describe('a member who joined through an invitation', () => {
  test('shows with name and email in company info at once, before they ever synced their account', async () => {
    const owner = await signedInUser(stack, { firstName: 'Olive', lastName: 'Owner' });
    const invitee = await signedInUser(stack, { firstName: 'Katherine', lastName: 'Johnson' });
    const company = stack.company!.app;

    const created = await company.inject({
      method: 'POST',
      url: '/api/company/create',
      headers: bearer(owner.token),
      payload: { name: 'Names Co' },
    });
    expect(created.statusCode).toBe(201);
    const companyId = created.json().company.id;
    const invited = await company.inject({
      method: 'POST',
      url: '/api/company/invite',
      headers: bearer(owner.token),
      payload: { companyId, email: invitee.email, firstName: 'Kathy', lastName: 'J', role: 'viewer' },
    });
    expect(invited.statusCode).toBe(201);
    // Read once before the join, as the members page would: the join must still show at once.
    expect(
      (
        await company.inject({
          method: 'POST',
          url: '/api/company/info',
          headers: bearer(owner.token),
          payload: { companyId },
        })
      ).statusCode,
    ).toBe(200);

    const accepted = await company.inject({
      method: 'POST',
      url: '/api/company/accept-invite',
      headers: bearer(invitee.token),
      payload: {
        invitationId: invited.json().invitation.invitationId,
        email: invitee.email,
        firstName: 'Kathy',
        lastName: 'J',
      },
    });
    expect(accepted.json()).toMatchObject({ companyId });
    const { rows } = await stack.account.app.db.query('SELECT 1 FROM account.profiles WHERE user_id = $1', [
      invitee.id,
    ]);
    expect(rows).toHaveLength(0);

    const info = await company.inject({
      method: 'POST',
      url: '/api/company/info',
      headers: bearer(owner.token),
      payload: { companyId },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().users).toEqual(
      expect.arrayContaining([
        { id: invitee.id, role: 'viewer', email: invitee.email, firstName: 'Katherine', lastName: 'Johnson' },
        { id: owner.id, role: 'owner', email: owner.email, firstName: 'Olive', lastName: 'Owner' },
      ]),
    );
    // The profile now exists, as their first sync would have made it; that sync finds it as is.
    const synced = await stack.account.app.inject({ url: '/api/account/sync', headers: bearer(invitee.token) });
    expect(synced.json()).toMatchObject({
      id: invitee.id,
      email: invitee.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
    });
  });
});
