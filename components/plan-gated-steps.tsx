// A set-up stepper shown greyed on a plan without the feature: what the steps would be, the plan
// that has it and who can change the plan, instead of a form that cannot be used.
const PLAN_NAMES = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' } as const;

export function PlanGatedSteps({
  feature,
  workspace,
  steps,
}: {
  feature: string;
  workspace: { name: string; kind: string; plan: keyof typeof PLAN_NAMES };
  steps: { title: string; detail: string }[];
}) {
  return (
    <div className="stack" data-testid="needs-enterprise">
      <div className="plan-gate">
        <p>
          <span className="step-state locked">Available on Enterprise</span> {feature} is part of the Enterprise plan for team workspaces. {workspace.name} is a{' '}
          {workspace.kind} workspace on the <span className="plan">{PLAN_NAMES[workspace.plan]}</span> plan.
        </p>
        <p className="muted">
          The plan is set by whoever runs this Sling server, in the admin console (Admin → Users). <a href="/settings/plan">See plans</a>
        </p>
      </div>
      <ol className="sso-steps setup-locked" aria-label="Set-up steps (not available on this plan)">
        {steps.map((s) => (
          <li key={s.title} className="setup-step todo" data-state="locked">
            <div className="step-body">
              <h3>{s.title}</h3>
              <p className="muted">{s.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
