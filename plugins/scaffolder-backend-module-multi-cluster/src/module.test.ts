import { startTestBackend } from '@backstage/backend-test-utils';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import { TemplateAction } from '@backstage/plugin-scaffolder-node';
import module from '.';

describe('scaffolderModuleMultiCluster', () => {
  it('registers every multicluster action', async () => {
    const actions: TemplateAction<any, any, any>[] = [];
    await startTestBackend({
      extensionPoints: [
        [
          scaffolderActionsExtensionPoint,
          {
            addActions: (...a: TemplateAction<any, any, any>[]) =>
              actions.push(...a),
          },
        ],
      ],
      features: [module],
    });
    expect(actions.map(a => a.id).sort()).toEqual([
      'multicluster:argocd:applicationset',
      'multicluster:capi:cluster',
      'multicluster:fleet:gitrepo',
      'multicluster:karmada:policy',
      'multicluster:kubefed:convert',
      'multicluster:mcs:export',
      'multicluster:placement:recommend',
    ]);
    expect(actions.every(a => a.supportsDryRun)).toBe(true);
  });
});
